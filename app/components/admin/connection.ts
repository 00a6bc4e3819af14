/** The browser side of the connection check: GET /healthz (select 1 on the server, 5 s timeout). */
export type ConnectionState = "idle" | "checking" | "connected" | "error";

export interface ConnectionResult {
  ok: boolean;
  /** The server's reason when it answered with an error; a network error's message otherwise. */
  message: string;
  /** True when the request itself failed (network, timeout): "Failed to test connection". */
  unreachable: boolean;
}

export async function checkConnection(timeoutMs = 8_000): Promise<ConnectionResult> {
  if (typeof navigator !== "undefined" && navigator.onLine === false) {
    return { ok: false, message: "No internet connection", unreachable: true };
  }
  try {
    const response = await fetch("/healthz", { cache: "no-store", signal: AbortSignal.timeout(timeoutMs) });
    const body = (await response.json().catch(() => null)) as { status?: string; database?: { error?: string } } | null;
    if (response.ok && body?.status === "ok") return { ok: true, message: "Connection successful", unreachable: false };
    return { ok: false, message: body?.database?.error ?? `Connection failed (HTTP ${response.status})`, unreachable: false };
  } catch (error) {
    return { ok: false, message: error instanceof Error ? error.message : "Connection failed", unreachable: true };
  }
}

export const CONNECTION_HINTS = [
  "Check that the database server is running (or that DATABASE_URL points to the right server).",
  "Check that the website server is online and reachable.",
  "Test your internet connection.",
  "Check the server log (and your browser's console) for details.",
];
