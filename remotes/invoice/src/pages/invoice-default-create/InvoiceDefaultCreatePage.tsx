/**
 * `/` (开票 tab, never cached): a company user's invoicing home — the company, the tax-bureau standing, shortcuts
 * with counts and a quick blue-invoice form; for anyone else, their invoice applications, titles and 绑定企业.
 */
import { lazy, Suspense } from 'react';
import { useRouteMeta } from '@app/host-sdk/router';
import { useSession } from '@app/host-sdk/session-hooks';
import { Page } from '@app/ui/page';
import { Skeleton } from '@app/ui/skeleton';
import './home.css';

// Each user sees one of the two homes: only that one is fetched.
const CompanyHome = lazy(() => import('./CompanyHome').then((module) => ({ default: module.CompanyHome })));
const PersonalHome = lazy(() => import('./PersonalHome').then((module) => ({ default: module.PersonalHome })));

export default function InvoiceDefaultCreatePage() {
  const meta = useRouteMeta();
  const { user, company, isCompanyUser, isTaxiUser } = useSession();
  return (
    <Page title={meta?.title ?? '开票'} noBack>
      <Suspense fallback={<Skeleton.Paragraph lineCount={8} animated />}>
        {isCompanyUser && company ? <CompanyHome company={company} taxiUser={isTaxiUser} /> : <PersonalHome nickname={user?.nickname ?? ''} />}
      </Suspense>
    </Page>
  );
}
