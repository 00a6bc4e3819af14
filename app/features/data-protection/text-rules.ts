/** Text rules of the data-protection forms (browser-safe). */

/** Whether a text holds a control character other than a tab or a line break (a NUL byte, an escape...). */
export function hasControlCharacter(value: string): boolean {
  for (const char of value) {
    const code = char.charCodeAt(0);
    if ((code < 32 && code !== 9 && code !== 10 && code !== 13) || code === 127) return true;
  }
  return false;
}
