/**
 * The home page of a company user: the company, its tax-bureau standing, shortcuts with counts, and the quick form.
 * The form (with its form library, about 25 KiB gzip) starts loading once the company and the shortcuts have been
 * drawn, so a phone's first screen neither waits for it nor shares the network with it (docs/architecture.md, "One
 * fast first load").
 */
import { lazy, Suspense, startTransition, useEffect, useState } from 'react';
import { appHref } from '@app/host-sdk/paths';
import { Link } from '@app/host-sdk/router';
import type { CompanyInfo } from '@app/contract/user';
import { useTaxAccount } from '@app/host-sdk/session-hooks';
import { Skeleton } from '@app/ui/skeleton';
import { loadInTurn, useAfterPaint } from '@app/ui/use-after-paint';
import { href } from '../../paths';
import { CompanyHeader } from './CompanyHeader';
import { getHomeSummary, useCarriedHomeSummary } from './home-api';
import type { HomeSummary } from '@app/contract/invoice';
import { HomeShortcuts, type Shortcut } from './HomeShortcuts';
import { TaxStatusStrip } from './TaxStatusStrip';

type QuickFormModule = { default: typeof import('../../features/blue-invoice-form/BlueInvoiceForm').BlueInvoiceForm };
let quickForm: Promise<QuickFormModule> | undefined;

/**
 * The quick form's module, asked for once the home's first screen is there: the host's form library and the two
 * controls the form draws with first, each in a task of its own, then the form's own files, so that no one task asks
 * for all of them. Asked again after a failure.
 */
const loadQuickForm = () =>
  (quickForm ??= loadInTurn(
    [() => import('@app/ui/form'), () => import('@app/ui/selector'), () => import('@app/ui/text-area')],
    () => import('../../features/blue-invoice-form/BlueInvoiceForm'),
  ).then(
    (module) => ({ default: module.BlueInvoiceForm }),
    (error: unknown) => {
      quickForm = undefined;
      throw error;
    },
  ));
const BlueInvoiceForm = lazy(loadQuickForm);

function shortcutsOf(summary: HomeSummary | null, taxiUser: boolean): Shortcut[] {
  return [
    { label: '红字发票', to: href('invoiceReturn'), icon: 'redInvoice', tone: 'red' },
    { label: '开票申请', to: href('invoiceApplyingList'), icon: 'applying', tone: 'blue', count: summary?.applying },
    { label: '待开票', to: href('invoiceWaitingList'), icon: 'waiting', tone: 'orange', count: summary?.waiting },
    { label: '开票任务', to: href('invoiceTaskList'), icon: 'tasks', tone: 'purple', count: summary?.pendingTasks },
    { label: '开票二维码', to: href('invoiceQrcode'), icon: 'qrcode', tone: 'cyan' },
    ...(taxiUser ? [{ label: '出租车发票', to: appHref('taxiInvoiceCreate'), icon: 'taxi', tone: 'orange' } satisfies Shortcut] : []),
    { label: '发票列表', to: href('invoiceList'), icon: 'invoiceList', tone: 'green' },
    { label: '发票抬头', to: appHref('titlesList'), icon: 'titles', tone: 'blue' },
  ];
}

/**
 * 快速开票: its placeholder is drawn first, and the form's files are asked for once that screen has been painted. Its
 * own component, so that the form's arrival renders this section alone, not the company and the shortcuts above it.
 */
function QuickFormSection() {
  const formWanted = useAfterPaint(loadQuickForm);
  return (
    <section className="home-quick" aria-label="快速开票">
      <div className="home-section-title">
        <span>快速开票</span>
        <Link className="home-section-title__more" to={href('invoiceCreate')}>
          更多选项
        </Link>
      </div>
      <Suspense fallback={<Skeleton.Paragraph lineCount={4} animated />}>
        {formWanted ? <BlueInvoiceForm compact /> : <Skeleton.Paragraph lineCount={4} animated />}
      </Suspense>
    </section>
  );
}

export function CompanyHome({ company, taxiUser }: { company: CompanyInfo; taxiUser: boolean }) {
  // The counts the page carries draw the first render, as the server painted them: the app takes that screen over as
  // it stands, without asking for them again.
  const carried = useCarriedHomeSummary();
  const [summary, setSummary] = useState<HomeSummary | null>(carried ?? null);
  const { revalidate } = useTaxAccount();

  useEffect(() => {
    let current = true;
    // The page is never cached: every visit shows fresh counts and a fresh tax-bureau state (on a first load, the
    // counts the page carries and the start-up's own load of the account are that state). Counts asked for render as
    // a transition, after the company's name.
    if (!carried)
      getHomeSummary().then(
        (answer) => current && startTransition(() => setSummary(answer)),
        () => undefined,
      );
    revalidate();
    return () => {
      current = false;
    };
  }, [revalidate, carried]);

  return (
    <div className="home">
      <CompanyHeader company={company} summary={summary} />
      <TaxStatusStrip />
      <HomeShortcuts items={shortcutsOf(summary, taxiUser)} />
      <QuickFormSection />
    </div>
  );
}
