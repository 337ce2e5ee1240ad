/** IPv4 CIDR matching for region restriction by address range. */
export function ipv4ToNumber(ip: string): number | undefined {
  const clean = ip.startsWith('::ffff:') ? ip.slice(7) : ip;
  const parts = clean.split('.');
  if (parts.length !== 4) return undefined;
  let value = 0;
  for (const part of parts) {
    if (!/^\d{1,3}$/.test(part)) return undefined;
    const octet = Number(part);
    if (octet > 255) return undefined;
    value = value * 256 + octet;
  }
  return value;
}

export function ipInRange(ip: string, cidr: string): boolean {
  const [base, bitsText] = cidr.split('/');
  const address = ipv4ToNumber(ip);
  const network = ipv4ToNumber(base ?? '');
  const bits = bitsText === undefined ? 32 : Number(bitsText);
  if (address === undefined || network === undefined || !(bits >= 0 && bits <= 32)) return false;
  const size = 2 ** (32 - bits);
  return Math.floor(address / size) === Math.floor(network / size);
}

/** An IPv4 address, or an IPv4 CIDR block with a prefix of 0-32 bits. */
export function cidrIsValid(cidr: string): boolean {
  const [base, bitsText, extra] = cidr.split('/');
  if (extra !== undefined || ipv4ToNumber(base ?? '') === undefined || (base ?? '').startsWith('::')) return false;
  return bitsText === undefined || (/^\d{1,2}$/.test(bitsText) && Number(bitsText) <= 32);
}
