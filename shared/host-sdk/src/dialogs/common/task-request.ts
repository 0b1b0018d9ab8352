/** Who a tax-bureau task is for (docs/product.md: nsrsbh and userId), from the session. */
import { sessionStore, taxAccountAtom, userDetailAtom } from '../../session';

export interface TaskRequest {
  nsrsbh: string;
  userId: string;
}

/** The signed-in user and the company's tax number (the tax account's, else the company's); null without a user. */
export function taskRequest(): TaskRequest | null {
  const user = sessionStore.get(userDetailAtom);
  const nsrsbh = sessionStore.get(taxAccountAtom)?.nsrsbh ?? user?.companyInfo?.xsfNsrsbh;
  return user && nsrsbh ? { nsrsbh, userId: user.id } : null;
}
