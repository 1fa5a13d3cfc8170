/**
 * The sign-in failure limit, the e-mail code throttle and the contact-us limit are counted in the database, each
 * decided in one statement: requests sent to two instances, in turn or all at once, are counted together.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CODE_RESEND_SECONDS } from '../../resources/account-api';
import { DEMO_USER } from '../../server/demo';
import { startTwoInstances, type TwoInstances } from './two-instances';

const SIGN_IN_LIMIT = 4;
const CONTACT_LIMIT = 3;

let two: TwoInstances;

beforeAll(async () => {
  two = await startTwoInstances({ loginFailureLimit: SIGN_IN_LIMIT, contactLimit: CONTACT_LIMIT });
});

afterAll(async () => {
  await two?.close();
});

const signIn = (password: string, remoteAddress: string) =>
  two.alternate().req({ method: 'POST', url: '/auth/auth-login', payload: { email: DEMO_USER.email, password }, remoteAddress });

const statuses = (answers: { statusCode: number }[]) => answers.map((r) => r.statusCode).sort();

describe('the sign-in failure limit', () => {
  it('counts failures sent to either instance together: past the limit both refuse, even the right password', async () => {
    const from = '10.20.0.1';
    for (let i = 0; i < SIGN_IN_LIMIT; i++) expect((await signIn(`wrong-${i}`, from)).statusCode, `failure ${i + 1}`).toBe(401);
    for (const i of [two.a, two.b]) {
      const right = await i.req({ method: 'POST', url: '/auth/auth-login', payload: DEMO_USER, remoteAddress: from });
      expect(right.statusCode, i.name).toBe(429);
    }
    expect((await two.b.req({ method: 'POST', url: '/auth/auth-login', payload: DEMO_USER, remoteAddress: '10.20.0.2' })).statusCode).toBe(200);
  });

  it('lets no more than the limit through when attempts arrive at both at once', async () => {
    const answers = await Promise.all(Array.from({ length: 4 * SIGN_IN_LIMIT }, (_, i) => signIn(`wrong-${i}`, '10.20.0.3')));
    expect(statuses(answers)).toEqual([...Array(SIGN_IN_LIMIT).fill(401), ...Array(3 * SIGN_IN_LIMIT).fill(429)]);
  });
});

describe('the e-mail code throttle', () => {
  it(`stores one code per e-mail per ${CODE_RESEND_SECONDS} s when requests for it arrive at both instances at once`, async () => {
    const email = 'together@example.com';
    const answers = await Promise.all(
      Array.from({ length: 8 }, (_, i) => two.alternate().req({ method: 'POST', url: '/auth/send-code', payload: { email: i % 2 ? email.toUpperCase() : email, purpose: 'sign-up' } })),
    );
    expect(statuses(answers)).toEqual([204, ...Array(7).fill(429)]);
    const stored = await two.a.db.query<{ n: number }>('SELECT count(*)::int AS n FROM email_codes WHERE lower(email) = $1', [email]);
    expect(Number(stored.rows[0].n)).toBe(1);
  });
});

describe('the contact-us limit', () => {
  const message = (email: string, remoteAddress: string) =>
    two.alternate().req({ method: 'POST', url: '/base/contact-us', payload: { Content: 'Hello', Email: email }, remoteAddress });

  it('stores no more than the limit per address when messages arrive at both instances at once', async () => {
    const answers = await Promise.all(Array.from({ length: 3 * CONTACT_LIMIT }, (_, i) => message(`writer-${i}@example.com`, '10.30.0.1')));
    expect(statuses(answers)).toEqual([...Array(CONTACT_LIMIT).fill(204), ...Array(2 * CONTACT_LIMIT).fill(429)]);
    const stored = await two.a.db.query<{ n: number }>("SELECT count(*)::int AS n FROM contact_messages WHERE address = '10.30.0.1'");
    expect(Number(stored.rows[0].n)).toBe(CONTACT_LIMIT);
  });

  it('and no more than the limit per e-mail, from addresses all different', async () => {
    const answers = await Promise.all(Array.from({ length: 3 * CONTACT_LIMIT }, (_, i) => message('same@example.com', `10.31.0.${i + 1}`)));
    expect(statuses(answers)).toEqual([...Array(CONTACT_LIMIT).fill(204), ...Array(2 * CONTACT_LIMIT).fill(429)]);
  });
});
