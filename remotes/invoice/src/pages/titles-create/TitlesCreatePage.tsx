/**
 * `/titles/create` adds a title; `/titles/create?id=<id>` edits that one. After 保存成功 it goes back to where the
 * user came from (the title list), or to the list when the page was opened directly.
 */
import { appHref } from '@app/host-sdk/paths';
import { useState } from 'react';
import { useSearchParams } from '@app/host-sdk/router';
import { Toast } from '@app/ui/toast';
import { FormPage, useEditedRecord, useGoBack } from '@app/widgets/form-page';
import { getTitle, saveTitle, type Title } from '../../features/titles/titles-api';
import { TitleForm } from './TitleForm';
import type { TitleFormValues } from './title-form-rules';

function valuesOf(title: Title): TitleFormValues {
  const { kind, name, taxNumber, address, phone, bankName, bankAccount, email, isDefault } = title;
  return { kind, name, taxNumber, address, phone, bankName, bankAccount, email, isDefault };
}

export default function TitlesCreatePage() {
  const [params] = useSearchParams();
  const id = params.get('id');
  const goBack = useGoBack();
  // Loaded again each time the page is shown (the page cache re-runs effects), so an edit starts from what is stored.
  const { loaded, retry } = useEditedRecord(id, getTitle);
  /** A new form after each save: the page stays alive in the page cache, and the next visit starts empty. */
  const [formVersion, setFormVersion] = useState(0);

  async function submit(values: TitleFormValues) {
    await saveTitle({ ...values, ...(id ? { id } : {}) });
    Toast.show({ icon: 'success', content: '保存成功' });
    setFormVersion((version) => version + 1);
    goBack(appHref('titlesList'));
  }

  return (
    <FormPage title={id ? '编辑抬头' : '新增抬头'} loaded={loaded} failedTitle="抬头加载失败" missingTitle="抬头不存在" onRetry={retry}>
      {(title, version) => <TitleForm key={`${version}:${formVersion}`} initial={title ? valuesOf(title) : undefined} onSubmit={submit} />}
    </FormPage>
  );
}
