import { afterEach, describe, expect, rs, test } from '@rstest/core';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { forwardRef, useImperativeHandle, type RefObject } from 'react';
import { Button } from '../src/button';
import { applyServerErrors, Form, useFieldValue, type FormInstance } from '../src/form';
import { Input } from '../src/input';

afterEach(cleanup);

const nameRules = [
  { required: true, message: '请输入名称' },
  { max: 4, message: '名称最多 4 个字' },
];

describe('Form', () => {
  test('checks a field as the user types and shows the Chinese message under it; the asterisk marks it required', async () => {
    const { container } = render(
      <Form layout="horizontal">
        <Form.Item name="name" label="名称" rules={nameRules}>
          <Input placeholder="名称" />
        </Form.Item>
      </Form>,
    );
    expect(container.querySelector('.adm-form-item-required-asterisk')?.textContent).toBe('*');
    const input = screen.getByPlaceholderText('名称');
    fireEvent.change(input, { target: { value: '优税通科技有限公司' } });
    expect(await screen.findByText('名称最多 4 个字')).toBeTruthy();
    expect(container.querySelector('.adm-form-item-has-error')).not.toBeNull();
    fireEvent.change(input, { target: { value: '优税通' } });
    await waitFor(() => expect(screen.queryByText('名称最多 4 个字')).toBeNull());
    fireEvent.change(input, { target: { value: '' } });
    expect(await screen.findByText('请输入名称')).toBeTruthy();
  });

  test('submits the values when they pass, and shows every problem when they do not', async () => {
    const onFinish = rs.fn();
    render(
      <Form initialValues={{ name: '' }} onFinish={onFinish} footer={<Button type="submit">保存</Button>}>
        <Form.Item name="name" label="名称" rules={nameRules}>
          <Input placeholder="名称" />
        </Form.Item>
        <Form.Item name="phone" label="电话" rules={[{ pattern: /^\d{11}$/, message: '请输入 11 位手机号' }]}>
          <Input placeholder="电话" />
        </Form.Item>
      </Form>,
    );
    fireEvent.change(screen.getByPlaceholderText('电话'), { target: { value: '123' } });
    fireEvent.click(screen.getByRole('button', { name: '保存' }));
    expect(await screen.findByText('请输入名称')).toBeTruthy();
    expect(screen.getByText('请输入 11 位手机号')).toBeTruthy();
    expect(onFinish).not.toHaveBeenCalled();

    fireEvent.change(screen.getByPlaceholderText('名称'), { target: { value: '张三' } });
    fireEvent.change(screen.getByPlaceholderText('电话'), { target: { value: '13800138000' } });
    fireEvent.click(screen.getByRole('button', { name: '保存' }));
    await waitFor(() => expect(onFinish).toHaveBeenCalledWith({ name: '张三', phone: '13800138000' }));
  });

  test('a rule without a message says what is wrong in Chinese, with the label', async () => {
    render(
      <Form>
        <Form.Item name="email" label="邮箱" rules={[{ required: true }]}>
          <Input placeholder="邮箱" />
        </Form.Item>
      </Form>,
    );
    fireEvent.change(screen.getByPlaceholderText('邮箱'), { target: { value: 'a' } });
    fireEvent.change(screen.getByPlaceholderText('邮箱'), { target: { value: '' } });
    expect(await screen.findByText('请输入邮箱')).toBeTruthy();
  });

  test('a dependent field is checked again when the field it depends on changes; normalize shapes what is stored', async () => {
    const form: { current: FormInstance | null } = { current: null };
    function Harness() {
      const [instance] = Form.useForm();
      form.current = instance;
      return (
        <Form form={instance}>
          <Form.Item name="kind" label="类型">
            <Input placeholder="类型" />
          </Form.Item>
          <Form.Item
            name="taxNumber"
            label="税号"
            dependencies={['kind']}
            normalize={(value: string) => value.toUpperCase()}
            rules={[
              ({ getFieldValue }) => ({
                validator: async (_, value) => {
                  if (getFieldValue('kind') === '企业' && !value) throw new Error('企业必须填写税号');
                },
              }),
            ]}
          >
            <Input placeholder="税号" />
          </Form.Item>
        </Form>
      );
    }
    render(<Harness />);
    fireEvent.change(screen.getByPlaceholderText('税号'), { target: { value: 'x' } });
    fireEvent.change(screen.getByPlaceholderText('税号'), { target: { value: '' } });
    fireEvent.change(screen.getByPlaceholderText('类型'), { target: { value: '企业' } });
    expect(await screen.findByText('企业必须填写税号')).toBeTruthy();
    fireEvent.change(screen.getByPlaceholderText('税号'), { target: { value: '91abc' } });
    expect(form.current?.getFieldValue('taxNumber')).toBe('91ABC');
  });

  test('Form.Header starts a titled card; description shows under the field; useFieldValue follows a value', async () => {
    function Harness() {
      const [form] = Form.useForm();
      const name = useFieldValue<string>(form, 'name', '');
      return (
        <Form form={form} mode="card">
          <Form.Header>购买方</Form.Header>
          <Form.Item name="name" label="名称" description="与营业执照一致">
            <Input placeholder="名称" />
          </Form.Item>

          <Form.Header>备注</Form.Header>
          <Form.Item label="预览">{name ? `你好，${name}` : '未填写'}</Form.Item>
        </Form>
      );
    }
    const { container } = render(<Harness />);
    const headers = [...container.querySelectorAll('.adm-list-header')].map((header) => header.textContent);
    expect(headers).toEqual(['购买方', '备注']);
    expect(screen.getByText('与营业执照一致')).toBeTruthy();
    expect(container.querySelector('.adm-popover')).toBeNull();
    fireEvent.change(screen.getByPlaceholderText('名称'), { target: { value: '李四' } });
    expect(await screen.findByText('你好，李四')).toBeTruthy();
  });

  test('useFieldValue starts from the value the form starts with, without a render after mounting, and follows typing, the code and a reset', async () => {
    const form: { current: FormInstance | null } = { current: null };
    const renders: string[] = [];
    function Harness() {
      const [instance] = Form.useForm();
      form.current = instance;
      const kind = useFieldValue(instance, ['buyer', 'kind'], '企业');
      renders.push(kind);
      return (
        <Form form={instance} initialValues={{ buyer: { kind: '企业' } }}>
          <Form.Item name={['buyer', 'kind']} label="类型">
            <Input placeholder="类型" />
          </Form.Item>
          <Form.Item label="预览">{`抬头类型：${kind}`}</Form.Item>
        </Form>
      );
    }
    render(<Harness />);
    expect(screen.getByText('抬头类型：企业')).toBeTruthy();
    // Effects have run (the watch is registered): the form's value is the one shown, so nothing rendered again.
    await act(async () => {});
    expect(renders).toEqual(['企业']);

    fireEvent.change(screen.getByPlaceholderText('类型'), { target: { value: '个人' } });
    expect(await screen.findByText('抬头类型：个人')).toBeTruthy();
    act(() => form.current?.setFieldsValue({ buyer: { kind: '企业' } }));
    expect(await screen.findByText('抬头类型：企业')).toBeTruthy();
    act(() => form.current?.setFieldsValue({ buyer: { kind: undefined } }));
    // No value in the form: the initial one.
    expect(await screen.findByText('抬头类型：企业')).toBeTruthy();
    fireEvent.change(screen.getByPlaceholderText('类型'), { target: { value: '个人' } });
    expect(await screen.findByText('抬头类型：个人')).toBeTruthy();
    act(() => form.current?.resetFields());
    expect(await screen.findByText('抬头类型：企业')).toBeTruthy();
  });

  test('Form.Array adds and removes cards, each with its header', async () => {
    const form: { current: FormInstance | null } = { current: null };
    function Harness() {
      const [instance] = Form.useForm();
      form.current = instance;
      return (
        <Form form={instance} initialValues={{ lines: [{ name: '咨询费' }] }}>
          <Form.Array
            name="lines"
            onAdd={(operation) => operation.add({ name: '' })}
            renderAdd={() => <span>+ 添加商品行</span>}
            renderHeader={({ index }, { remove }) => (
              <span>
                商品明细 {index + 1}
                <button type="button" onClick={() => remove(index)}>
                  删除
                </button>
              </span>
            )}
          >
            {(fields) =>
              fields.map(({ index, key }) => (
                <Form.Item key={key} name={[index, 'name']} label="商品">
                  <Input placeholder={`商品 ${index + 1}`} />
                </Form.Item>
              ))
            }
          </Form.Array>
        </Form>
      );
    }
    render(<Harness />);
    expect((screen.getByPlaceholderText('商品 1') as HTMLInputElement).value).toBe('咨询费');
    fireEvent.click(screen.getByText('+ 添加商品行'));
    expect(await screen.findByText('商品明细 2')).toBeTruthy();
    fireEvent.change(screen.getByPlaceholderText('商品 2'), { target: { value: '服务费' } });
    expect(form.current?.getFieldValue('lines')).toEqual([{ name: '咨询费' }, { name: '服务费' }]);
    act(() => fireEvent.click(screen.getAllByText('删除')[0] as Element));
    await waitFor(() => expect(form.current?.getFieldValue('lines')).toEqual([{ name: '服务费' }]));
    expect(screen.queryByText('商品明细 2')).toBeNull();
  });

  test("a tap on the item reaches the control through its ref (a picker opens); the control's own onChange still runs", () => {
    const opened = rs.fn();
    const ownChange = rs.fn();
    const Picker = forwardRef<{ open(): void }, { value?: string; onChange?(value: string): void }>(function Picker(props, ref) {
      useImperativeHandle(ref, () => ({ open: opened }));
      return (
        <button type="button" onClick={() => props.onChange?.('2026-11-23')}>
          {props.value ?? '请选择'}
        </button>
      );
    });
    render(
      <Form>
        <Form.Item name="date" label="开票日期" onClick={(_, widget: RefObject<{ open(): void } | null>) => widget.current?.open()}>
          <Picker onChange={ownChange} />
        </Form.Item>
      </Form>,
    );
    fireEvent.click(screen.getByText('开票日期'));
    expect(opened).toHaveBeenCalledTimes(1);
    fireEvent.click(screen.getByText('请选择'));
    expect(ownChange).toHaveBeenCalledWith('2026-11-23');
    expect(screen.getByText('2026-11-23')).toBeTruthy();
  });

  test('help, from remotes built against @app/ui 1.1, shows under the field like a description', () => {
    render(
      <Form>
        <Form.Item name="password" label="密码" help="不修改请留空">
          <Input placeholder="密码" />
        </Form.Item>
      </Form>,
    );
    expect(screen.getByText('不修改请留空').closest('.adm-list-item-description')).not.toBeNull();
  });
});

describe('applyServerErrors', () => {
  const Holder = forwardRef<FormInstance>(function Holder(_props, ref) {
    const [form] = Form.useForm();
    useImperativeHandle(ref, () => form, [form]);
    return (
      <Form form={form}>
        <Form.Item name={['buyer', 'taxNumber']} label="税号">
          <Input placeholder="税号" />
        </Form.Item>
        <Form.Array name="lines" initialValue={[{ amount: '' }]}>
          {(fields) =>
            fields.map(({ index }) => (
              <Form.Item key={index} name={[index, 'amount']} label="金额">
                <Input placeholder={`金额 ${index}`} />
              </Form.Item>
            ))
          }
        </Form.Array>
      </Form>
    );
  });

  function renderHolder(): RefObject<FormInstance | null> {
    const ref: RefObject<FormInstance | null> = { current: null };
    render(<Holder ref={ref} />);
    return ref;
  }

  test("puts a 4000 refusal's messages under the fields its paths name; paths the form has not are left to the toast", async () => {
    const form = renderHolder();
    const refusal = {
      errorCode: 4000,
      result: {
        fields: { 'buyer.taxNumber': '纳税人识别号校验位不正确', 'lines.0.grossFen': '金额应大于 0', requestSerial: '流水号无效' },
      },
    };
    let applied = false;
    act(() => {
      applied = applyServerErrors(form.current as FormInstance, refusal, (path) =>
        path === 'lines.0.grossFen' ? ['lines', 0, 'amount'] : path === 'requestSerial' ? null : path.split('.'),
      );
    });
    expect(applied).toBe(true);
    expect(await screen.findByText('纳税人识别号校验位不正确')).toBeTruthy();
    expect(screen.getByText('金额应大于 0').closest('.adm-form-item')?.textContent).toContain('金额');
    expect(screen.queryByText('流水号无效')).toBeNull();
  });

  test('anything but a refusal of fields changes nothing and says so', () => {
    const form = renderHolder();
    for (const error of [
      null,
      new Error('网络错误'),
      { errorCode: 4004, result: null },
      { errorCode: 4000, result: null },
      { errorCode: 4000, result: { fields: { 'nothing.here': '无' } } },
    ]) {
      expect(applyServerErrors(form.current as FormInstance, error)).toBe(false);
    }
    expect(form.current?.getFieldsError().flatMap((field) => field.errors)).toEqual([]);
  });
});
