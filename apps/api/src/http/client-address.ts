/**
 * Who a request comes from, as the abuse defences count it. The address is the peer's, or
 * the one a trusted proxy forwarded (TRUST_PROXY) when that is an IP address at all: a
 * forwarded value that is not one (`foo`) counts as the peer, so a client cannot invent
 * new identities (or fill memory) by writing headers.
 */
import net from 'node:net';
import { Address4, Address6 } from 'ip-address';
import type { FastifyRequest } from 'fastify';
import type { Config } from '../config.ts';

/**
 * Fastify's `trustProxy` for TRUST_PROXY. Fastify (@fastify/proxy-addr) walks X-Forwarded-For
 * from the right while the trust function says the address is a proxy; a hop count becomes
 * "the first `hops` addresses from the right are proxies", as Fastify no longer takes a number.
 */
export function trustedProxies(trust: Config['trustProxy']): false | string[] | ((address: string, hop: number) => boolean) {
  return typeof trust === 'number' ? (_address, hop) => hop < trust : trust;
}

/** The address the rate limits count: an IPv4 address, an IPv6 client by its /64 (one home or device). */
export function clientAddress(request: FastifyRequest): string {
  return prefixOf(requestIp(request), 32, 64);
}

/**
 * The network abuse reports count (IPv4 /24, IPv6 /48): one household, office or mobile
 * carrier's customer ends up in one network however many addresses it holds.
 */
export function clientNetwork(request: FastifyRequest): string {
  return prefixOf(requestIp(request), 24, 48);
}

function requestIp(request: FastifyRequest): string {
  if (net.isIP(request.ip) !== 0) return request.ip;
  return request.socket.remoteAddress ?? 'unknown';
}

/** `ip` cut to its first `v4Bits` or `v6Bits` bits, written canonically; mapped IPv4 counts as IPv4. */
export function prefixOf(ip: string, v4Bits: number, v6Bits: number): string {
  if (net.isIPv4(ip)) return v4Prefix(ip, v4Bits);
  if (!net.isIPv6(ip)) return ip;
  const address = new Address6(ip);
  if (address.isMapped4()) return v4Prefix(address.to4().correctForm(), v4Bits);
  return v6Bits >= 128 ? address.correctForm() : `${new Address6(`${ip}/${v6Bits}`).startAddress().correctForm()}/${v6Bits}`;
}

function v4Prefix(ip: string, bits: number): string {
  return bits >= 32 ? ip : `${new Address4(`${ip}/${bits}`).startAddress().correctForm()}/${bits}`;
}
