/**
 * A software passkey for server tests: makes WebAuthn answers the way an authenticator
 * with user verification does (ES256 key, "none" attestation, CBOR through
 * @simplewebauthn/server's own helpers), with knobs to make them wrong (origin, counter,
 * user verification, another key).
 */
import { createHash, generateKeyPairSync, randomBytes, sign, type KeyObject } from "node:crypto";
import { isoCBOR } from "@simplewebauthn/server/helpers";

const b64url = (bytes: Uint8Array | string) => Buffer.from(bytes).toString("base64url");
const sha256 = (data: Uint8Array | string) => createHash("sha256").update(data).digest();

const FLAG_UP = 0x01;
const FLAG_UV = 0x04;
const FLAG_AT = 0x40;

export interface AnswerOptions {
  origin?: string;
  /** The counter to report (default: one more than the last). */
  counter?: number;
  /** Clear the user-verified flag. */
  noUserVerification?: boolean;
  /** Sign with this key instead of the credential's own. */
  signWith?: KeyObject;
}

export class SoftPasskey {
  readonly credentialId = randomBytes(16);
  private readonly keys = generateKeyPairSync("ec", { namedCurve: "P-256" });
  private counter = 0;
  private userHandle: string | null = null;

  readonly origin: string;

  constructor(origin: string) {
    this.origin = origin;
  }

  get id() {
    return b64url(this.credentialId);
  }

  private authData(flags: number, counter: number, attested?: Uint8Array) {
    const head = Buffer.alloc(37);
    sha256(new URL(this.origin).hostname).copy(head, 0);
    head[32] = flags;
    head.writeUInt32BE(counter, 33);
    return attested ? Buffer.concat([head, attested]) : head;
  }

  private clientData(type: string, challenge: string, origin: string) {
    return Buffer.from(JSON.stringify({ type, challenge, origin: origin, crossOrigin: false }));
  }

  /** The answer to registration options (navigator.credentials.create). */
  register(options: { challenge: string; user: { id: string } }, answer: AnswerOptions = {}): string {
    this.userHandle = options.user.id;
    const jwk = this.keys.publicKey.export({ format: "jwk" });
    const cose = isoCBOR.encode(
      new Map<number, number | Uint8Array>([
        [1, 2],
        [3, -7],
        [-1, 1],
        [-2, Buffer.from(jwk.x!, "base64url")],
        [-3, Buffer.from(jwk.y!, "base64url")],
      ]),
    );
    const idLength = Buffer.alloc(2);
    idLength.writeUInt16BE(this.credentialId.length);
    const attested = Buffer.concat([Buffer.alloc(16), idLength, this.credentialId, cose]);
    const flags = FLAG_UP | FLAG_AT | (answer.noUserVerification ? 0 : FLAG_UV);
    const authData = this.authData(flags, 0, attested);
    const attestation = new Map<string, string | Map<string, string> | Uint8Array>();
    attestation.set("fmt", "none");
    attestation.set("attStmt", new Map<string, string>());
    attestation.set("authData", new Uint8Array(authData));
    const attestationObject = isoCBOR.encode(attestation);
    return JSON.stringify({
      id: this.id,
      rawId: this.id,
      type: "public-key",
      response: {
        clientDataJSON: b64url(this.clientData("webauthn.create", options.challenge, answer.origin ?? this.origin)),
        attestationObject: b64url(attestationObject),
        transports: ["internal"],
      },
      clientExtensionResults: {},
    });
  }

  /** The answer to authentication options (navigator.credentials.get). */
  authenticate(options: { challenge: string }, answer: AnswerOptions = {}): string {
    const counter = answer.counter ?? this.counter + 1;
    this.counter = Math.max(this.counter, counter);
    const authData = this.authData(FLAG_UP | (answer.noUserVerification ? 0 : FLAG_UV), counter);
    const clientDataJSON = this.clientData("webauthn.get", options.challenge, answer.origin ?? this.origin);
    const signature = sign("sha256", Buffer.concat([authData, sha256(clientDataJSON)]), answer.signWith ?? this.keys.privateKey);
    return JSON.stringify({
      id: this.id,
      rawId: this.id,
      type: "public-key",
      response: {
        clientDataJSON: b64url(clientDataJSON),
        authenticatorData: b64url(authData),
        signature: b64url(signature),
        userHandle: this.userHandle ?? undefined,
      },
      clientExtensionResults: {},
    });
  }
}

/** A P-256 private key that belongs to no passkey (for forged signatures). */
export const strangerKey = () => generateKeyPairSync("ec", { namedCurve: "P-256" }).privateKey;
