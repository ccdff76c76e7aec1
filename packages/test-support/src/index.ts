export * from './free-port.ts';
export * from './faulty-proxy.ts';
export * from './postgres-cluster.ts';
export * from './server-process.ts';
export * from './web-build.ts';
export * from './s3-server.ts';
export * from './sse-client.ts';
export * from './push-service.ts';
