/** A LIKE pattern matching `text` literally anywhere (%, _ and \ in it are escaped). */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}
