/** A self-signed certificate for 127.0.0.1, made by the openssl command line tool: for HTTPS stand-ins on loopback. */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

/** Writes the key and certificate into `dir`; `caFile` is the certificate's PEM file, a client's trusted authority. */
export function selfSignedCertificate(dir: string): { key: string; cert: string; caFile: string } {
  const keyFile = path.join(dir, 'key.pem');
  const caFile = path.join(dir, 'cert.pem');
  execFileSync('openssl', [
    'req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes', '-days', '2',
    '-subj', '/CN=127.0.0.1', '-addext', 'subjectAltName=IP:127.0.0.1', '-keyout', keyFile, '-out', caFile,
  ], { stdio: 'ignore' });
  return { key: fs.readFileSync(keyFile, 'utf8'), cert: fs.readFileSync(caFile, 'utf8'), caFile };
}
