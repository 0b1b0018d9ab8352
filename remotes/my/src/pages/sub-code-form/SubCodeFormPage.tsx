/**
 * `/my/subCode/add` adds a sub-code; `/my/subCode/edit?id=<id>` edits that one (one screen, titled by the route).
 * After 保存成功 it goes back to where the user came from (the list), or to the list when opened directly.
 */
import { useState } from 'react';
import { useLocation, useNavigate, useSearchParams } from '@app/host-sdk/router';
import { Button } from '@app/ui/button';
import { showToast } from '@app/ui/feedback';
import { Page } from '@app/ui/page';
import { FormPage, useEditedRecord, useGoBack } from '@app/widgets/form-page';
import { StateView } from '@app/widgets/state-view';
import { href, paths } from '../../paths';
import { getSubCode, saveSubCode, SUB_CODE_MISSING } from '../../features/sub-codes/sub-codes-api';
import { SubCodeForm } from './SubCodeForm';
import { toInput, valuesOf, type SubCodeFormValues } from './sub-code-form-rules';
import './sub-code-form.css';

export default function SubCodeFormPage() {
  const location = useLocation();
  const [params] = useSearchParams();
  const editing = location.pathname === paths.mySubCodeEdit;
  const id = editing ? params.get('id') : null;
  const navigate = useNavigate();
  const goBack = useGoBack();
  // Loaded again each time the page is shown, so an edit starts from what is stored.
  const { loaded, retry } = useEditedRecord(id, getSubCode);
  /** A new form after each save: the page stays alive in the page cache, and the next visit starts afresh. */
  const [formVersion, setFormVersion] = useState(0);
  const title = editing ? '编辑子码' : '新增子码';

  async function submit(values: SubCodeFormValues) {
    await saveSubCode(toInput(values, id));
    showToast({ icon: 'success', content: '保存成功' });
    setFormVersion((version) => version + 1);
    goBack(href('mySubCodes'));
  }

  if (editing && !id) {
    return (
      <Page title={title}>
        <StateView state="missing" title={SUB_CODE_MISSING.title} description="链接缺少子码编号，请从子码列表重新进入">
          <Button block color="primary" onClick={() => navigate(href('mySubCodes'), { replace: true })}>
            返回子码列表
          </Button>
        </StateView>
      </Page>
    );
  }
  return (
    <FormPage
      title={title}
      loaded={loaded}
      failedTitle="子码加载失败"
      missingTitle={SUB_CODE_MISSING.title}
      onRetry={retry}
      skeletonLines={4}
    >
      {(subCode, version) => (
        <SubCodeForm key={`${version}:${formVersion}`} initial={subCode ? valuesOf(subCode) : undefined} onSubmit={submit} />
      )}
    </FormPage>
  );
}
