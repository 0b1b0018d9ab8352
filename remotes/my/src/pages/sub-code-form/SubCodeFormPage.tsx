/**
 * `/my/subCode/add` adds a sub-code; `/my/subCode/edit?id=<id>` edits that one (one screen, titled by the route).
 * After 保存成功 it goes back to where the user came from (the list), or to the list when opened directly.
 */
import { useEffect, useRef, useState } from 'react';
import { ApiError } from '@app/host-sdk/api-client';
import { useLocation, useNavigate, useSearchParams } from '@app/host-sdk/router';
import { Button } from '@app/ui/button';
import { showToast } from '@app/ui/feedback';
import { Page } from '@app/ui/page';
import { Skeleton } from '@app/ui/skeleton';
import { StatusView } from '@app/ui/status-view';
import { href, paths } from '../../paths';
import { getSubCode, saveSubCode, type SubCode } from '../my-sub-codes/sub-codes-api';
import { SubCodeForm } from './SubCodeForm';
import { toInput, valuesOf, type SubCodeFormValues } from './sub-code-form-rules';
import './sub-code-form.css';

type Loaded =
  | { state: 'loading' }
  | { state: 'failed'; message: string }
  /** `version` counts the loads: each one gets a fresh form. */
  | { state: 'ready'; subCode: SubCode | null; version: number };

/** The sub-code being edited (null when adding): loaded again each time the page is shown, so an edit starts from what is stored. */
function useEditedSubCode(id: string | null): { loaded: Loaded; retry: () => void } {
  const [loaded, setLoaded] = useState<Loaded>(id ? { state: 'loading' } : { state: 'ready', subCode: null, version: 0 });
  const [attempt, setAttempt] = useState(0);
  const loads = useRef(0);
  useEffect(() => {
    if (!id) {
      setLoaded((previous) => (previous.state === 'ready' && previous.subCode === null ? previous : { state: 'ready', subCode: null, version: ++loads.current }));
      return;
    }
    let current = true;
    setLoaded((previous) => (previous.state === 'ready' && previous.subCode?.id === id ? previous : { state: 'loading' }));
    getSubCode(id).then(
      (subCode) => current && setLoaded({ state: 'ready', subCode, version: ++loads.current }),
      (error: unknown) => {
        const message = error instanceof ApiError && error.errorCode !== null ? error.message : '请检查网络后重试';
        if (current) setLoaded({ state: 'failed', message });
      },
    );
    return () => {
      current = false;
    };
  }, [id, attempt]);
  return {
    loaded,
    retry: () => {
      setLoaded({ state: 'loading' });
      setAttempt((value) => value + 1);
    },
  };
}

export default function SubCodeFormPage() {
  const location = useLocation();
  const [params] = useSearchParams();
  const editing = location.pathname === paths.mySubCodeEdit;
  const id = editing ? params.get('id') : null;
  const navigate = useNavigate();
  const { loaded, retry } = useEditedSubCode(id);
  /** A new form after each save: the page stays alive in the page cache, and the next visit starts afresh. */
  const [formVersion, setFormVersion] = useState(0);
  const title = editing ? '编辑子码' : '新增子码';

  async function submit(values: SubCodeFormValues) {
    await saveSubCode(toInput(values, id));
    showToast({ icon: 'success', content: '保存成功' });
    setFormVersion((version) => version + 1);
    if (location.key !== 'default') navigate(-1);
    else navigate(href('mySubCodes'), { replace: true });
  }

  let body;
  if (editing && !id) {
    body = (
      <StatusView icon="empty" title="没有找到这个子码" description="链接缺少子码编号，请从子码列表重新进入">
        <Button block color="primary" onClick={() => navigate(href('mySubCodes'), { replace: true })}>
          返回子码列表
        </Button>
      </StatusView>
    );
  } else if (loaded.state === 'loading') {
    body = (
      <div className="sub-code-form__loading" aria-busy="true" aria-label="加载中">
        <Skeleton.Title animated />
        <Skeleton.Paragraph lineCount={4} animated />
      </div>
    );
  } else if (loaded.state === 'failed') {
    body = (
      <StatusView icon="disconnected" title="子码加载失败" description={loaded.message}>
        <Button block color="primary" onClick={retry}>
          重试
        </Button>
      </StatusView>
    );
  } else {
    const initial = loaded.subCode ? valuesOf(loaded.subCode) : undefined;
    body = <SubCodeForm key={`${loaded.version}:${formVersion}`} initial={initial} onSubmit={submit} />;
  }

  return <Page title={title}>{body}</Page>;
}
