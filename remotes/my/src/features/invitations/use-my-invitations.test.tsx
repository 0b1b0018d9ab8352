/** The invitations 我的 and 我的企业 show: from the answer the page carries, asked again once one is answered. */
import { afterEach, describe, expect, test } from '@rstest/core';
import { act, cleanup, screen, waitFor } from '@testing-library/react';
import { noAnswer, ok, renderPage } from '@app/host-sdk/testing';
import { invitationFixture } from '../../test-support/invitations';
import { invitationsRevision } from './invitations-api';
import { useMyInvitations } from './use-my-invitations';

afterEach(cleanup);

const invitation = (id: string, companyName: string) => invitationFixture({ id, companyName });

/** Shows the companies inviting, counting its own renders. */
function open(options: Parameters<typeof renderPage>[1]) {
  const seen = { renders: 0 };
  function Invitations() {
    seen.renders += 1;
    const list = useMyInvitations();
    return <p>{list.length > 0 ? list.map((one) => one.companyName).join('、') : '没有邀请'}</p>;
  }
  return { seen, ...renderPage(<Invitations />, options) };
}

describe('useMyInvitations', () => {
  test('asks for them as it is shown, and shows them once they are in', async () => {
    const { api } = open({ url: '/my', calls: { 'company/myInvitations': ok({ list: [invitation('i-1', '杭州优税通科技有限公司')] }) } });
    expect(screen.getByText('没有邀请')).toBeTruthy();
    expect(await screen.findByText('杭州优税通科技有限公司')).toBeTruthy();
    expect(api.bodiesOf('company/myInvitations')).toEqual([{}]);
  });

  test('the same list as shown (none) does not render again', async () => {
    let answered = 0;
    const none = () => {
      answered += 1;
      return ok({ list: [] });
    };
    const { seen } = open({ url: '/my', calls: { 'company/myInvitations': none } });
    await waitFor(() => expect(answered).toBe(1));
    // The answer settles within these turns of the promise chain; a new list would render again.
    for (let turn = 0; turn < 5; turn++) await act(() => Promise.resolve());
    expect(seen.renders).toBe(1);
    expect(screen.getByText('没有邀请')).toBeTruthy();
  });

  test('the answer the page carries is shown at once, without asking; an invitation answered asks again', async () => {
    const { api } = open({
      url: '/my',
      carried: [{ path: 'company/myInvitations', body: {}, result: { list: [invitation('i-1', '杭州优税通科技有限公司')] } }],
      calls: { 'company/myInvitations': ok({ list: [invitation('i-2', '杭州顺达出租汽车有限公司')] }) },
    });
    expect(screen.getByText('杭州优税通科技有限公司')).toBeTruthy();
    await act(() => Promise.resolve());
    expect(api.bodiesOf('company/myInvitations')).toEqual([]);
    act(() => invitationsRevision.note());
    expect(await screen.findByText('杭州顺达出租汽车有限公司')).toBeTruthy();
    expect(api.bodiesOf('company/myInvitations')).toEqual([{}]);
  });

  test('none can be read now: none shown, the page is not in the way', async () => {
    const { api } = open({ url: '/my', calls: { 'company/myInvitations': noAnswer() } });
    await waitFor(() => expect(api.bodiesOf('company/myInvitations')).toEqual([{}]));
    expect(screen.getByText('没有邀请')).toBeTruthy();
  });
});
