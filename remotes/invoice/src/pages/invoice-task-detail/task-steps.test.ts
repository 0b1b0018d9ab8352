import { describe, expect, test } from '@rstest/core';
import { stepsOf, type StepsInput } from './task-steps';

const base: StepsInput = { type: 'blue_invoice', taskStatus: 0, failReason: null, createdAt: '2024-05-01T02:03:00.000Z', finishedAt: null };
const shape = (input: Partial<StepsInput>) => stepsOf({ ...base, ...input }).map((step) => `${step.title}:${step.status}`);

describe('stepsOf', () => {
  test('a blue invoice: 已提交 → 税局处理 → 已开具 / 开具失败', () => {
    expect(shape({ taskStatus: 0 })).toEqual(['已提交:finish', '税局处理:process', '已开具:wait']);
    expect(shape({ taskStatus: 1, finishedAt: '2024-05-01T02:04:00.000Z' })).toEqual(['已提交:finish', '税局处理:finish', '已开具:finish']);
    expect(shape({ taskStatus: -1 })).toEqual(['已提交:finish', '税局处理:error', '开具失败:error']);
  });

  test('a red invoice goes through the confirmation form, then the issue; a failure is placed at the stage it stopped', () => {
    expect(shape({ type: 'red_invoice', taskStatus: 10, stage: 'confirm' })).toEqual([
      '已提交:finish',
      '红字确认单:process',
      '开具红字发票:wait',
      '已开具:wait',
    ]);
    expect(shape({ type: 'red_invoice', taskStatus: 10, stage: 'issue' })).toEqual([
      '已提交:finish',
      '红字确认单:finish',
      '开具红字发票:process',
      '已开具:wait',
    ]);
    expect(shape({ type: 'red_invoice', taskStatus: -1, stage: 'confirm', failReason: '红字确认单作废（对方已拒绝）' })).toEqual([
      '已提交:finish',
      '红字确认单:error',
      '开具红字发票:wait',
      '开具失败:error',
    ]);
    expect(shape({ type: 'red_invoice', taskStatus: -1, stage: 'issue', failReason: '税局系统繁忙' })).toEqual([
      '已提交:finish',
      '红字确认单:finish',
      '开具红字发票:error',
      '开具失败:error',
    ]);
  });

  test('login and face tasks name what the user has to do while they wait', () => {
    expect(stepsOf({ ...base, type: 'login_sms', taskStatus: 2020 })[1]).toEqual({
      title: '短信验证',
      description: '等待验证码',
      status: 'process',
    });
    expect(stepsOf({ ...base, type: 'face', taskStatus: 3010 })[1]).toEqual({
      title: '扫码刷脸',
      description: '等待刷脸',
      status: 'process',
    });
    expect(shape({ type: 'login_qr', taskStatus: 1 }).at(-1)).toBe('登录成功:finish');
  });

  test('times are China time: submitted and finished', () => {
    const steps = stepsOf({ ...base, taskStatus: 1, finishedAt: '2024-05-01T16:30:00.000Z' });
    expect(steps[0]?.description).toBe('2024-05-01 10:03');
    expect(steps.at(-1)?.description).toBe('2024-05-02 00:30');
  });
});
