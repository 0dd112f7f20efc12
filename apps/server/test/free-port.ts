import crypto from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';

/**
 * A TCP port free on the loopback right now, for a server a test or benchmark is about to start. Picked at
 * random below the kernel's ephemeral range: a starting server takes seconds to bind its port, and a port of
 * that range could meanwhile be handed to any other test's listen(0) or outgoing connection (a scale-out
 * test once signed in to another test's server there). Only another freePort can pick the same port.
 */
export async function freePort(): Promise<number> {
  const ephemeralStart = ephemeralRangeStart();
  const [low, high] = [Math.max(1025, ephemeralStart - 12_000), ephemeralStart];
  for (let attempt = 0; attempt < 100; attempt++) {
    const port = crypto.randomInt(low, high);
    if (await isFree(port)) return port;
  }
  throw new Error(`no free port between ${low} and ${high}`);
}

/** The first port the kernel hands out for listen(0) and outgoing connections (Linux's default elsewhere). */
function ephemeralRangeStart(): number {
  try {
    const start = Number(fs.readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8').trim().split(/\s+/)[0]);
    return Number.isInteger(start) && start > 2048 ? start : 32_768;
  } catch {
    return 32_768;
  }
}

function isFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = net.createServer();
    probe.once('error', () => resolve(false));
    probe.listen(port, '127.0.0.1', () => probe.close(() => resolve(true)));
  });
}
