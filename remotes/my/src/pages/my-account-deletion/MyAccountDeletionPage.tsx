/**
 * `/my/account-deletion` (注销账号): what deleting the account will do, from the server's preview — what is erased, what
 * the companies keep by law (with the person shown as 已注销用户), what becomes of each of their companies — then the
 * confirmation. The last manager of a company with other members is told to hand over first and offered no
 * confirmation. Once deleted, this device forgets the session and goes to the sign-in page.
 */
import { COMPANY_OUTCOME_TEXT, DELETED_USER_NAME } from '@app/domain/account-deletion';
import { signOut } from '@app/host-sdk/sign-out';
import { showToast } from '@app/ui/feedback';
import { Page } from '@app/ui/page';
import { Skeleton } from '@app/ui/skeleton';
import { Note } from '@app/widgets/note';
import { LoadedView } from '@app/widgets/state-view';
import { useLoaded } from '@app/widgets/use-loaded-by-code';
import type { DeletionPreview } from '@app/contract/account';
import { ConfirmDeletion } from './ConfirmDeletion';
import { deletionPreview } from './deletion-api';
import './my-account-deletion.css';

function Preview({ preview }: { preview: DeletionPreview }) {
  const deleted = async () => {
    showToast({ icon: 'success', content: '账号已注销' });
    await signOut().catch(() => window.location.replace('/login'));
  };
  return (
    <div className="account-deletion">
      <Note tone="danger">注销后，账号「{preview.nickname}」将无法恢复，您需要重新授权登录才能再次使用优税通（将是一个新的空账号）。</Note>
      <section aria-labelledby="deletion-erased">
        <h2 id="deletion-erased">将立即删除或匿名化</h2>
        <ul>
          {preview.erased.map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ul>
      </section>
      <section aria-labelledby="deletion-kept">
        <h2 id="deletion-kept">企业依法保留</h2>
        <ul>
          {preview.kept.map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ul>
        <Note small>这些记录中，您将显示为「{DELETED_USER_NAME}」。</Note>
      </section>
      {preview.companies.length > 0 ? (
        <section aria-labelledby="deletion-companies">
          <h2 id="deletion-companies">您的企业</h2>
          <ul>
            {preview.companies.map((company) => (
              <li key={company.id}>
                <strong>{company.name}</strong>（{company.roleName}）：{COMPANY_OUTCOME_TEXT[company.outcome]}
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      {preview.refusal ? (
        <Note tone="danger" role="alert">
          {preview.refusal}
        </Note>
      ) : (
        <ConfirmDeletion preview={preview} onDeleted={() => void deleted()} />
      )}
    </div>
  );
}

export default function MyAccountDeletionPage() {
  const { loaded, retry } = useLoaded(deletionPreview);
  return (
    <Page title="注销账号">
      <LoadedView
        loaded={loaded}
        placeholder={<Skeleton.Paragraph animated lineCount={8} />}
        missing={{ title: '无法注销' }}
        failedTitle="加载失败"
        onRetry={retry}
      >
        {(preview) => <Preview preview={preview} />}
      </LoadedView>
    </Page>
  );
}
