/** The oldest Node the product runs on (docs/decisions/0027); package.json's engines says the same. */
export const NODE_FLOOR = [22, 12] as const;

/** A Portuguese refusal when `version` (as in `process.version`) is below the floor, else undefined. */
export function nodeBelowFloor(version: string): string | undefined {
  const [major = 0, minor = 0] = version.replace(/^v/, '').split('.').map(Number);
  const [floorMajor, floorMinor] = NODE_FLOOR;
  if (major > floorMajor || (major === floorMajor && minor >= floorMinor)) return undefined;
  return (
    `O Salas precisa do Node ${floorMajor}.${floorMinor} ou mais novo (este é o ${version}). ` +
    'Instale o Node 22 LTS ou 24 (docs/operations.md).'
  );
}
