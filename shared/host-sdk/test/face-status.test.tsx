/** The face dialog's status: the authentication time in China time, as the server decides "today", on any phone. */
import { afterEach, describe, expect, test } from '@rstest/core';
import { onPhoneInTimeZone } from '@app/domain/test-support/phone-time-zone';
import { cleanup, render, screen } from '@testing-library/react';
import { FaceStatus } from '../src/dialogs/face/FaceStatus';
import { FACE_AUTHENTICATED } from '../src/roles';
import { taxAccount } from '../src/testing';

onPhoneInTimeZone('America/Los_Angeles');
afterEach(cleanup);

describe('FaceStatus on a phone in another time zone', () => {
  test('shows the authentication time in China time (the next day there), not the phone’s', () => {
    // 17:30 UTC on the 25th: 09:30 on the 25th in Los Angeles, 01:30 on the 26th in Beijing.
    render(<FaceStatus account={taxAccount({ scanFaceState: FACE_AUTHENTICATED, scanFaceTime: '2026-11-25T17:30:00.000Z' })} />);
    expect(screen.getByText('今日已认证')).toBeTruthy();
    expect(screen.getByText('认证时间 2026-11-26 01:30')).toBeTruthy();
  });

  test('a time that cannot be read is left out', () => {
    render(<FaceStatus account={taxAccount({ scanFaceState: FACE_AUTHENTICATED, scanFaceTime: 'garbage' })} />);
    expect(screen.getByText('今日已认证')).toBeTruthy();
    expect(screen.queryByText(/认证时间/)).toBeNull();
  });
});
