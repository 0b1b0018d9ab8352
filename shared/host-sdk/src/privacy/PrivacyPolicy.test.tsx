import { afterEach, describe, expect, test } from '@rstest/core';
import { cleanup, render, screen, within } from '@testing-library/react';
import { PRIVACY_POLICY_VERSION } from '@app/domain/privacy-policy';
import { servicesConfigAtom, sessionStore } from '../session';
import { PrivacyPolicy } from './PrivacyPolicy';

afterEach(() => {
  cleanup();
  sessionStore.set(servicesConfigAtom, null);
});

function section(name: RegExp): HTMLElement {
  return screen.getByRole('region', { name });
}

describe('PrivacyPolicy', () => {
  test('a document with a title, its version and six sections, each a heading a screen reader can jump to', () => {
    render(<PrivacyPolicy />);
    expect(screen.getByRole('heading', { level: 1, name: '优税通隐私政策' })).toBeTruthy();
    expect(screen.getByText(`版本 ${PRIVACY_POLICY_VERSION}，自 ${PRIVACY_POLICY_VERSION} 起生效`)).toBeTruthy();
    expect(screen.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent)).toEqual([
      '一、我们收集哪些信息、为什么收集、保存多久',
      '二、依法保存的信息',
      '三、我们向谁提供您的信息',
      '四、您的权利',
      '五、本政策的更新',
      '六、如何联系我们',
    ]);
  });

  test('what is collected, each with its purpose and how long it is kept', () => {
    render(<PrivacyPolicy />);
    const collected = section(/我们收集哪些信息/);
    const items = within(collected)
      .getAllByRole('heading', { level: 3 })
      .map((heading) => heading.textContent);
    for (const part of [
      '昵称和头像',
      'openid',
      '支付宝用户 ID',
      '手机号码',
      '所属企业及角色',
      '发票抬头',
      '购买方信息',
      '乘客信息与行程',
      '登录记录',
      'User-Agent',
    ]) {
      expect(items.some((item) => item?.includes(part))).toBe(true);
    }
    const listItems = within(collected).getAllByRole('listitem');
    expect(listItems).toHaveLength(items.length);
    for (const item of listItems) {
      expect(within(item).getByText('用途')).toBeTruthy();
      expect(within(item).getByText('保存期限')).toBeTruthy();
    }
    const buyers = listItems.find((item) => item.textContent?.includes('购买方信息')) as HTMLElement;
    expect(buyers.textContent).toContain('依法保存');
  });

  test('the periods the law sets, who receives what, the rights (注销账号 through 联系客服) and the hotline', () => {
    sessionStore.set(servicesConfigAtom, {
      id: 1,
      appHotLine: '400-820-1234',
      etaxAreas: [],
      systemServiceConfig: { available: 'all', closeReason: '' },
      frontVersion: 100,
      demo: true,
    });
    render(<PrivacyPolicy />);
    const kept = section(/依法保存/);
    expect(kept.textContent).toContain('10 年（《中华人民共和国税收征收管理法实施细则》第二十九条）');
    expect(kept.textContent).toContain('30 年（《会计档案管理办法》');
    const shared = within(section(/向谁提供/))
      .getAllByRole('heading', { level: 3 })
      .map((heading) => heading.textContent);
    expect(shared).toEqual(['国家税务总局电子税务局', '微信支付、支付宝', '短信服务商', '电子邮件服务商']);
    const rights = section(/您的权利/);
    for (const right of ['查阅、复制', '更正', '删除', '注销账号', '撤回同意']) expect(within(rights).getByText(right)).toBeTruthy();
    expect(rights.textContent).toContain('「我的 → 设置 → 注销账号」自行注销');
    expect(rights.textContent).toContain('「我的 → 设置 → 获取个人信息副本」');
    const hotline = within(section(/联系我们/)).getByRole('link', { name: '400-820-1234' });
    expect(hotline.getAttribute('href')).toBe('tel:4008201234');
  });
});
