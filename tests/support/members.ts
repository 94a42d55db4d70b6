import { sessionSchema } from '#shared/schemas/auth.ts';
import { apiRequest, parseJson } from './api-client.ts';
import { signUpAndSignIn } from './sign-up.ts';

export interface Member {
  readonly id: string;
  readonly email: string;
  readonly password: string;
  readonly accessToken: string;
}

const PASSWORD = 'reliability-run-password';

/**
 * Signs up `count` members through the API and signs each in once; runs then reuse their tokens:
 * from one address the server allows 30 sign-ups and 150 token calls per 5 minutes.
 */
export async function signUpMembers(baseUrl: string, count: number, label: string): Promise<Member[]> {
  const members: Member[] = [];
  for (let index = 0; index < count; index++) {
    const email = `${label}-${index}-${Date.now().toString(36)}@example.test`;
    const session = await signUpAndSignIn(baseUrl, email, PASSWORD);
    members.push({ id: session.user.id, email, password: PASSWORD, accessToken: session.access_token });
  }
  return members;
}

export async function signIn(baseUrl: string, email: string): Promise<Member> {
  const response = await apiRequest(baseUrl, 'POST', '/api/auth/token?grant_type=password', {
    json: { email, password: PASSWORD },
  });
  const session = parseJson(response, sessionSchema, `sign-in of ${email}`);
  return { id: session.user.id, email, password: PASSWORD, accessToken: session.access_token };
}
