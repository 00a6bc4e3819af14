/**
 * Structured data (schema.org JSON-LD) in a <script type="application/ld+json">.
 * The JSON is serialised with "<" and line separators escaped, so no value (even user
 * text) can close the script element. A data block never executes, so it needs no nonce.
 */
export function jsonLdString(value: unknown): string {
  return JSON.stringify(value).replace(/</g, "\\u003c").replace(/\u2028/g, "\\u2028").replace(/\u2029/g, "\\u2029");
}

export function JsonLd({ data }: { data: unknown }) {
  return <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: jsonLdString(data) }} />;
}
