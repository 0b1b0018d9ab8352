import { afterEach, expect, rs, test } from '@rstest/core';
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { ApiError } from '@app/host-sdk/api-client';
import { renderPage, settle } from '@app/host-sdk/testing';
import { Form } from '@app/ui/form';
import { Input } from '@app/ui/input';
import { FormPage, PageForm, useEditedRecord, useGoBack } from '../src/form-page';

afterEach(() => {
  rs.useRealTimers();
  cleanup();
});

interface Thing {
  id: string;
  name: string;
}

function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (reason: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

function ThingForm({ initial, onSubmit }: { initial: Thing | null; onSubmit: (values: { name: string }) => Promise<void> }) {
  const [form] = Form.useForm<{ name: string }>();
  return (
    <PageForm
      form={form}
      initialValues={{ name: initial?.name ?? '' }}
      onSubmit={onSubmit}
      submitText="保存"
      submittingText="保存中"
      nameOf={(path) => (path === 'thingName' ? 'name' : null)}
    >
      <Form.Item name="name" label="名称">
        <Input placeholder="名称" />
      </Form.Item>
    </PageForm>
  );
}

function ThingPage({
  id,
  load,
  onSubmit,
}: {
  id: string | null;
  load: (id: string) => Promise<Thing>;
  onSubmit: (values: { name: string }) => Promise<void>;
}) {
  const { loaded, retry } = useEditedRecord(id, load);
  const goBack = useGoBack();
  return (
    <FormPage title="编辑" loaded={loaded} failedTitle="加载失败了" onRetry={retry}>
      {(thing, version) => (
        <ThingForm
          key={version}
          initial={thing}
          onSubmit={async (values) => {
            await onSubmit(values);
            goBack('/things');
          }}
        />
      )}
    </FormPage>
  );
}

test('the record loads first (a placeholder meanwhile), a failure says why with 重试, then the form starts from it', async () => {
  const load = rs
    .fn<(id: string) => Promise<Thing>>()
    .mockRejectedValueOnce(new ApiError('服务繁忙，请稍后重试', 5000, 503))
    .mockResolvedValueOnce({ id: 't1', name: '办公用品' });
  renderPage(<ThingPage id="t1" load={load} onSubmit={async () => undefined} />, { url: '/things/edit' });
  expect(screen.getByLabelText('加载中')).toBeTruthy();
  expect(await screen.findByText('加载失败了')).toBeTruthy();
  expect(screen.getByText('服务繁忙，请稍后重试')).toBeTruthy();
  fireEvent.click(screen.getByRole('button', { name: '重试' }));
  expect(((await screen.findByPlaceholderText('名称')) as HTMLInputElement).value).toBe('办公用品');
  expect(load).toHaveBeenCalledTimes(2);
});

test('a record not found, or not this user’s, is said so with no 重试', async () => {
  renderPage(<ThingPage id="t1" load={() => Promise.reject(new ApiError('记录不存在', 4004, 404))} onSubmit={async () => undefined} />, {
    url: '/things/edit',
  });
  expect(await screen.findByRole('region', { name: '内容不存在' })).toBeTruthy();
  expect(screen.queryByRole('button', { name: '重试' })).toBeNull();
  cleanup();
  renderPage(
    <ThingPage id="t1" load={() => Promise.reject(new ApiError('无权查看该企业的商品', 1004, 403))} onSubmit={async () => undefined} />,
    { url: '/things/edit' },
  );
  const refused = await screen.findByRole('region', { name: '无权查看' });
  expect(refused.textContent).toContain('无权查看该企业的商品');
  expect(screen.queryByRole('button', { name: '重试' })).toBeNull();
});

test('submitting: the button is busy and disabled, a second tap sends nothing, and the page goes back after saving', async () => {
  rs.useFakeTimers({ shouldAdvanceTime: true });
  const saving = deferred<void>();
  const submit = rs.fn(() => saving.promise);
  const { url } = renderPage(<ThingPage id={null} load={() => Promise.reject(new Error('unused'))} onSubmit={submit} />, {
    url: '/things/new',
    history: ['/things'],
  });
  fireEvent.change(await screen.findByPlaceholderText('名称'), { target: { value: '咖啡' } });
  const button = screen.getByRole('button', { name: '保存' });
  fireEvent.click(button);
  await waitFor(() => expect(submit).toHaveBeenCalledTimes(1));
  await waitFor(() => expect((screen.getByRole('button', { name: /保存中/ }) as HTMLButtonElement).disabled).toBe(true));
  // Submitted again while saving: the form validates (promises) and hands it over, and nothing more is sent.
  fireEvent.submit(document.querySelector('form') as HTMLFormElement);
  await settle();
  expect(submit).toHaveBeenCalledTimes(1);
  await act(async () => saving.resolve());
  await waitFor(() => expect(url()).toBe('/things'));
  expect(submit).toHaveBeenCalledTimes(1);
  expect(submit).toHaveBeenCalledWith({ name: '咖啡' });
});

test("a refusal of a field (4000) shows the server's message under it, and the form stays for another try", async () => {
  const refusal = new ApiError('名称已存在', 4000, 400, { fields: { thingName: '名称已存在' } });
  const submit = rs.fn<(values: { name: string }) => Promise<void>>().mockRejectedValueOnce(refusal).mockResolvedValueOnce(undefined);
  const { url } = renderPage(<ThingPage id={null} load={() => Promise.reject(new Error('unused'))} onSubmit={submit} />, {
    url: '/things/new',
  });
  fireEvent.change(await screen.findByPlaceholderText('名称'), { target: { value: '咖啡' } });
  fireEvent.click(screen.getByRole('button', { name: '保存' }));
  expect(await screen.findByText('名称已存在', { selector: '.adm-form-item-feedback-error' })).toBeTruthy();
  expect((screen.getByRole('button', { name: '保存' }) as HTMLButtonElement).disabled).toBe(false);
  fireEvent.click(screen.getByRole('button', { name: '保存' }));
  // Opened directly (no page to go back to): the fallback, in place of this one.
  await waitFor(() => expect(url()).toBe('/things'));
});
