/**
 * Debian's nginx (nginx-light) on loopback, as the benchmark (its static reference) and
 * the multi-instance tests (their load balancer) start it: one worker, no access log, in
 * the foreground, every file it writes under `prefix`.
 */
import { spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";

/** The nginx binary (NGINX_PATH, or Debian's), or null when it is not installed. */
export function nginxBinary(): string | null {
  const binary = process.env.NGINX_PATH ?? "/usr/sbin/nginx";
  return fs.existsSync(binary) ? binary : null;
}

export interface Nginx {
  /** 127.0.0.1, not localhost: nginx listens on IPv4 only, and a client trying ::1 first loses time. */
  origin: string;
  stop(): Promise<void>;
}

export interface NginxOptions {
  prefix: string;
  port: number;
  /** The body of the one `server` block (after its `listen`). */
  server: string;
  /** More of the `http` block (an `upstream`, say). */
  http?: string;
  /** Answered (with any status) once nginx is up. */
  readyPath: string;
  /** Runs nginx under another command (taskset, to pin it to a CPU). */
  wrap?: (command: string, args: string[]) => [string, string[]];
}

export async function startNginx(options: NginxOptions): Promise<Nginx> {
  const binary = nginxBinary();
  if (!binary) throw new Error("nginx is not installed (Debian's nginx-light)");
  const { prefix, port } = options;
  fs.mkdirSync(prefix, { recursive: true });
  const temp = (name: string) => `${name}_temp_path ${path.join(prefix, name)};`;
  const conf = path.join(prefix, "nginx.conf");
  fs.writeFileSync(
    conf,
    `${process.getuid?.() === 0 ? "user root;\n" : ""}worker_processes 1;
daemon off;
pid ${path.join(prefix, "nginx.pid")};
error_log ${path.join(prefix, "error.log")} warn;
events { worker_connections 1024; }
http {
  access_log off;
  keepalive_requests 100000;
  ${["client_body", "proxy", "fastcgi", "uwsgi", "scgi"].map(temp).join("\n  ")}
  ${options.http ?? ""}
  server {
    listen 127.0.0.1:${port};
    ${options.server}
  }
}
`,
  );
  const [command, args] = (options.wrap ?? ((c, a) => [c, a]))(binary, ["-p", prefix, "-c", conf]);
  const child = spawn(command, args, { stdio: ["ignore", "ignore", "pipe"] });
  let errors = "";
  child.stderr!.on("data", (chunk) => (errors += chunk));
  const origin = `http://127.0.0.1:${port}`;
  const stop = () =>
    new Promise<void>((resolve) => {
      if (child.exitCode !== null) return resolve();
      child.once("exit", () => resolve());
      child.kill("SIGQUIT");
    });
  for (const until = Date.now() + 30_000; ; ) {
    try {
      await fetch(origin + options.readyPath, { redirect: "manual" });
      return { origin, stop };
    } catch {
      if (child.exitCode !== null || Date.now() > until) {
        await stop();
        throw new Error(`nginx did not start: ${errors}`);
      }
      await new Promise((r) => setTimeout(r, 100));
    }
  }
}
