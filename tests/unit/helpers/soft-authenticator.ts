/**
 * A software WebAuthn authenticator for tests in Node (no browser): P-256 keys from node:crypto, authenticator
 * data and client data built by hand as the WebAuthn spec lays them out, 'none' attestation in CBOR. It answers
 * what navigator.credentials.create() and .get() would, in @simplewebauthn's JSON form, so the server's real
 * verification runs on real signatures. Options let a test break one thing at a time (origin, user verification,
 * the counter, the challenge).
 */
import { createHash, generateKeyPairSync, randomBytes, sign, type KeyObject } from 'node:crypto';
import { isoCBOR } from '@simplewebauthn/server/helpers';
import type {
  AuthenticationResponseJSON,
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
  RegistrationResponseJSON,
} from '@simplewebauthn/server';

const sha256 = (data: Uint8Array | string) => createHash('sha256').update(data).digest();
const b64url = (data: Uint8Array) => Buffer.from(data).toString('base64url');
const u32 = (n: number) => {
  const b = Buffer.alloc(4);
  b.writeUInt32BE(n);
  return b;
};

/** A credential the authenticator holds. */
export interface SoftCredential {
  id: string;
  rpId: string;
  /** The user handle (base64url) the relying party gave at registration. */
  userHandle: string;
  privateKey: KeyObject;
  counter: number;
}

/** What a ceremony may change to test a refusal. */
export interface Tweaks {
  /** The origin the client data names (the page's origin). */
  origin: string;
  /** User verification done (the UV flag); default true. */
  userVerified?: boolean;
  /** Sign with this challenge instead of the options' one. */
  challenge?: string;
  /** The counter to report instead of the next one. */
  counter?: number;
  /** Which credential answers (default: the first for the RP id). */
  credentialId?: string;
}

const FLAG_UP = 0x01;
const FLAG_UV = 0x04;
const FLAG_AT = 0x40;

export class SoftAuthenticator {
  readonly credentials: SoftCredential[] = [];

  /** navigator.credentials.create(): a new ES256 key pair for the options' RP and user. */
  create(options: PublicKeyCredentialCreationOptionsJSON, tweaks: Tweaks): RegistrationResponseJSON {
    const rpId = options.rp.id!;
    const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    const jwk = publicKey.export({ format: 'jwk' }) as { x: string; y: string };
    const coseKey = isoCBOR.encode(
      new Map<number, number | Uint8Array>([
        [1, 2], // kty: EC2
        [3, -7], // alg: ES256
        [-1, 1], // crv: P-256
        [-2, Buffer.from(jwk.x, 'base64url')],
        [-3, Buffer.from(jwk.y, 'base64url')],
      ]),
    );
    const credId = randomBytes(32);
    const flags = FLAG_UP | FLAG_AT | (tweaks.userVerified === false ? 0 : FLAG_UV);
    const idLength = Buffer.alloc(2);
    idLength.writeUInt16BE(credId.length);
    const authData = Buffer.concat([sha256(rpId), Buffer.from([flags]), u32(0), Buffer.alloc(16), idLength, credId, Buffer.from(coseKey)]);
    const clientData = Buffer.from(JSON.stringify({ type: 'webauthn.create', challenge: tweaks.challenge ?? options.challenge, origin: tweaks.origin, crossOrigin: false }));
    const attestationObject = isoCBOR.encode(new Map<string, unknown>([['fmt', 'none'], ['attStmt', new Map()], ['authData', authData]]) as never);
    const id = b64url(credId);
    this.credentials.push({ id, rpId, userHandle: options.user.id, privateKey, counter: 0 });
    return {
      id,
      rawId: id,
      type: 'public-key',
      clientExtensionResults: {},
      authenticatorAttachment: 'platform',
      response: { clientDataJSON: b64url(clientData), attestationObject: b64url(attestationObject), transports: ['internal'] },
    };
  }

  /** navigator.credentials.get(): an assertion by a discoverable credential of the options' RP. */
  get(options: PublicKeyCredentialRequestOptionsJSON, tweaks: Tweaks): AuthenticationResponseJSON {
    const rpId = options.rpId!;
    const cred = this.credentials.find((c) => (tweaks.credentialId ? c.id === tweaks.credentialId : c.rpId === rpId));
    if (!cred) throw new Error(`no credential for ${rpId}`);
    cred.counter = tweaks.counter ?? cred.counter + 1;
    const flags = FLAG_UP | (tweaks.userVerified === false ? 0 : FLAG_UV);
    const authData = Buffer.concat([sha256(rpId), Buffer.from([flags]), u32(cred.counter)]);
    const clientData = Buffer.from(JSON.stringify({ type: 'webauthn.get', challenge: tweaks.challenge ?? options.challenge, origin: tweaks.origin, crossOrigin: false }));
    const signature = sign('sha256', Buffer.concat([authData, sha256(clientData)]), cred.privateKey);
    return {
      id: cred.id,
      rawId: cred.id,
      type: 'public-key',
      clientExtensionResults: {},
      authenticatorAttachment: 'platform',
      response: { clientDataJSON: b64url(clientData), authenticatorData: b64url(authData), signature: b64url(signature), userHandle: cred.userHandle },
    };
  }
}
