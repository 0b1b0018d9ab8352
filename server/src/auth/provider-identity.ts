/** Who a provider says signed in: the stable subject (openid, user_id) and, when the user shared it, a profile. */
export interface ProviderIdentity {
  subject: string;
  nickname: string | null;
  avatarUrl: string | null;
}

const MAX_SUBJECT = 128;
const MAX_NICKNAME = 64;
const MAX_AVATAR_URL = 1024;

export function providerIdentity(subject: string, nickname: string | null, avatarUrl: string | null): ProviderIdentity | null {
  if (subject.length > MAX_SUBJECT) return null;
  const name = nickname?.trim().slice(0, MAX_NICKNAME) || null;
  const avatar = avatarUrl && avatarUrl.length <= MAX_AVATAR_URL && /^https?:\/\//i.test(avatarUrl) ? avatarUrl : null;
  return { subject, nickname: name, avatarUrl: avatar };
}
