import { createHash } from 'node:crypto';
import { type Challenge, createChallenge, type Payload, randomInt, verifySolution } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import { ApiError } from '../errors/api-error.js';
import type { ServerSecrets } from '../secrets/server-secrets.js';
import type { Store } from '../storage/store.js';

/**
 * The proof of work asked of a public page's respondents: SHA-256 (the algorithm the browser's
 * Web Crypto computes fastest, so phones are not punished), in ALTCHA's deterministic mode. The
 * server picks the counter, so the work is a bounded search a browser finishes in about a second.
 */
export const CAPTCHA_ALGORITHM = 'SHA-256';

export interface CaptchaOptions {
  /** How long a challenge may be solved and redeemed. Default: 10 minutes. */
  ttlMs?: number;
  /** The range the secret counter is drawn from: the work a browser does. */
  counter?: { min: number; max: number };
}

const DEFAULT_TTL_MS = 10 * 60_000;
const DEFAULT_COUNTER = { min: 5_000, max: 50_000 };

const failed = (detail: string) => new ApiError(400, 'captcha_failed', detail);

/** Reads a payload as the page sends it: base64 of `{ challenge, solution }` JSON. */
function decodePayload(text: string): Payload | undefined {
  try {
    const payload = JSON.parse(Buffer.from(text, 'base64').toString('utf8')) as Payload;
    return typeof payload?.challenge?.parameters === 'object' && typeof payload.solution === 'object'
      ? payload
      : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Self-hosted ALTCHA challenges for the public pages: signed with keys derived from the server
 * secret, bound to one page, expiring, and accepted once each.
 *
 * @example
 * const captcha = captchaService(store, secrets);
 * const challenge = await captcha.challenge(page.id); // sent to the page's worker
 * await captcha.redeem(page.id, form.get('altcha')); // throws 400 captcha_required / captcha_failed
 */
export function captchaService(store: Store, secrets: ServerSecrets, options: CaptchaOptions = {}) {
  const hmacSignatureSecret = secrets.subkey('captcha-challenge').toString('base64url');
  const hmacKeySignatureSecret = secrets.subkey('captcha-key-signature').toString('base64url');
  const ttlMs = options.ttlMs ?? DEFAULT_TTL_MS;
  const counter = options.counter ?? DEFAULT_COUNTER;

  return {
    /** A new challenge for a page's respondent. */
    challenge(pageId: string): Promise<Challenge> {
      return createChallenge({
        algorithm: CAPTCHA_ALGORITHM,
        cost: 1,
        counter: randomInt(counter.max, counter.min),
        deriveKey,
        data: { page: pageId },
        expiresAt: new Date(Date.now() + ttlMs),
        hmacSignatureSecret,
        hmacKeySignatureSecret,
      });
    },

    /**
     * Accepts a solved challenge of this page once: 400 `captcha_required` without one, 400
     * `captcha_failed` when it is malformed, forged, for another page, expired or spent already.
     */
    async redeem(pageId: string, payloadText: string | undefined): Promise<void> {
      if (!payloadText) {
        throw new ApiError(
          400,
          'captcha_required',
          'This page asks for a proof of work that its script computes in the browser: enable JavaScript and submit again.',
        );
      }
      const payload = decodePayload(payloadText);
      if (!payload) throw failed('The captcha solution is malformed.');
      const { parameters, signature } = payload.challenge;
      if (parameters.data?.page !== pageId) throw failed('The captcha solution belongs to another page.');
      const result = await verifySolution({
        challenge: payload.challenge,
        solution: payload.solution,
        deriveKey,
        hmacSignatureSecret,
        hmacKeySignatureSecret,
      }).catch(() => ({ verified: false, expired: false }));
      if (result.expired) throw failed('The captcha expired: submit again to solve a new one.');
      if (!result.verified || !signature || parameters.expiresAt === undefined) {
        throw failed('The captcha solution is not valid.');
      }
      const spentHash = createHash('sha256').update(signature).digest('base64url');
      const expiresAt = new Date(parameters.expiresAt * 1000).toISOString();
      if (!(await store.captchaChallenges.spend(spentHash, expiresAt))) {
        throw failed('This captcha solution was used already: submit again to solve a new one.');
      }
    },
  };
}

export type CaptchaService = ReturnType<typeof captchaService>;
