/**
 * `/` (开票 tab, never cached): a company user's invoicing home — the company, the tax-bureau standing, shortcuts
 * with counts and a quick blue-invoice form; for anyone else, their invoice applications, titles and 绑定企业.
 */
import { lazy, Suspense } from 'react';
import { useRouteMeta } from '@app/host-sdk/router';
import { isCompanyUser } from '@app/host-sdk/roles';
import { sessionStore, userDetailAtom } from '@app/host-sdk/session';
import { useSession } from '@app/host-sdk/session-hooks';
import { Page } from '@app/ui/page';
import { Skeleton } from '@app/ui/skeleton';
import { CompanyHome } from './CompanyHome';
import './home.css';

// The company's home is the page's own module: the start-up loads the page's files while the host's libraries download
// (a lazy half would be asked for only once the guard had let the user in, a round trip after them). Anyone else's home
// is fetched before the page shows (prepare).
const loadPersonalHome = () => import('./PersonalHome').then((module) => ({ default: module.PersonalHome }));
const PersonalHome = lazy(loadPersonalHome);

/** Loads a personal user's home with the page, so its first render does not wait for it (nor its calls for that render). */
export function prepare(): Promise<unknown> {
  const user = sessionStore.get(userDetailAtom);
  return isCompanyUser(user) && user?.companyInfo ? Promise.resolve() : loadPersonalHome();
}

export default function InvoiceDefaultCreatePage() {
  const meta = useRouteMeta();
  const { user, company, isCompanyUser, isTaxiUser } = useSession();
  return (
    <Page title={meta?.title ?? '开票'} noBack>
      <Suspense fallback={<Skeleton.Paragraph lineCount={8} animated />}>
        {isCompanyUser && company ? (
          <CompanyHome company={company} taxiUser={isTaxiUser} />
        ) : (
          <PersonalHome nickname={user?.nickname ?? ''} />
        )}
      </Suspense>
    </Page>
  );
}
