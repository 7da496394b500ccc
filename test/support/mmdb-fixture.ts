// A small MMDB file written here (format: https://maxmind.github.io/MaxMind-DB/), so the
// geolocation tests know every answer and do not load the shipped 134 MB database. IPv6 tree,
// 24-bit records; IPv4 networks sit under ::/96 as in MaxMind's and DB-IP's files.
import { isIPv4 } from 'node:net';

type Value = string | number | Value[] | { [k: string]: Value };

function control(type: number, size: number): Buffer {
  const ext = type > 7;
  const head = (ext ? 0 : type << 5) | (size < 29 ? size : size < 285 ? 29 : size < 65_821 ? 30 : 31);
  const parts = [head];
  if (ext) parts.push(type - 7);
  if (size >= 29 && size < 285) parts.push(size - 29);
  else if (size >= 285 && size < 65_821) parts.push((size - 285) >> 8, (size - 285) & 255);
  else if (size >= 65_821)
    parts.push(((size - 65_821) >> 16) & 255, ((size - 65_821) >> 8) & 255, (size - 65_821) & 255);
  return Buffer.from(parts);
}

function uint(type: number, n: number): Buffer {
  const bytes: number[] = [];
  for (let v = n; v > 0; v = Math.floor(v / 256)) bytes.unshift(v % 256);
  return Buffer.concat([control(type, bytes.length), Buffer.from(bytes)]);
}

function encode(v: Value): Buffer {
  if (typeof v === 'string') {
    const b = Buffer.from(v, 'utf8');
    return Buffer.concat([control(2, b.length), b]);
  }
  if (typeof v === 'number') return uint(6, v);
  if (Array.isArray(v)) return Buffer.concat([control(11, v.length), ...v.map(encode)]);
  const entries = Object.entries(v);
  return Buffer.concat([control(7, entries.length), ...entries.flatMap(([k, x]) => [encode(k), encode(x)])]);
}

function bitsOf(cidr: string): number[] {
  const [address, lengthText] = cidr.split('/');
  const bits: number[] = [];
  if (isIPv4(address)) {
    for (let i = 0; i < 96; i++) bits.push(0);
    for (const octet of address.split('.').map(Number)) for (let i = 7; i >= 0; i--) bits.push((octet >> i) & 1);
    return bits.slice(0, 96 + Number(lengthText));
  }
  // full form only: enough for fixtures ("2a00:1450:0:0:0:0:0:0/32")
  for (const group of address.split(':').map((g) => parseInt(g || '0', 16)))
    for (let i = 15; i >= 0; i--) bits.push((group >> i) & 1);
  return bits.slice(0, Number(lengthText));
}

/** An MMDB file holding `networks` (CIDR → record); networks must not overlap. */
export function mmdbFile(networks: Record<string, Value>, opts: { type?: string; built?: Date } = {}): Buffer {
  type Slot = { node: number } | { data: number } | null;
  const nodes: Array<[Slot, Slot]> = [[null, null]];
  const data: Buffer[] = [];
  let dataSize = 0;
  for (const [cidr, record] of Object.entries(networks)) {
    const encoded = encode(record);
    const at = dataSize;
    data.push(encoded);
    dataSize += encoded.length;
    const bits = bitsOf(cidr);
    let n = 0;
    for (let i = 0; i < bits.length - 1; i++) {
      const slot = nodes[n][bits[i]];
      if (slot && 'node' in slot) n = slot.node;
      else {
        nodes.push([null, null]);
        nodes[n][bits[i]] = { node: nodes.length - 1 };
        n = nodes.length - 1;
      }
    }
    nodes[n][bits[bits.length - 1]] = { data: at };
  }
  const count = nodes.length;
  const tree = Buffer.alloc(count * 6);
  const value = (s: Slot) => (s === null ? count : 'node' in s ? s.node : count + 16 + s.data);
  nodes.forEach(([l, r], i) => {
    tree.writeUIntBE(value(l), i * 6, 3);
    tree.writeUIntBE(value(r), i * 6 + 3, 3);
  });
  const metadata = encode({
    node_count: count,
    record_size: 24,
    ip_version: 6,
    database_type: opts.type ?? 'qrs-test-city',
    languages: ['en'],
    binary_format_major_version: 2,
    binary_format_minor_version: 0,
    build_epoch: Math.floor((opts.built ?? new Date('2026-01-01T00:00:00Z')).getTime() / 1000),
    description: { en: 'qrs test fixture' },
  });
  const marker = Buffer.concat([Buffer.from([0xab, 0xcd, 0xef]), Buffer.from('MaxMind.com')]);
  return Buffer.concat([tree, Buffer.alloc(16), ...data, marker, metadata]);
}
