/**
 * `/t/{code}`: asks the server where a short link points and replaces the address with it; unknown → not-found. A
 * bind code's link resolves only for a signed-in user (docs/security.md), so a visitor who is not signed in and gets
 * no answer signs in first and asks again on the way back.
 */
import { useEffect, useState } from 'react';
import { useLocation, useNavigate, useParams } from 'react-router-dom';
import { sameOriginPath } from '@app/domain/return-path';
import { ApiError, callApi } from '@app/host-sdk/api-client';
import { signedOutStep } from '@app/host-sdk/page-guard';
import { getToken } from '@app/host-sdk/session';
import { PageSkeleton } from '../../layout/PageSkeleton';
import { NotFoundPage } from '../../features/not-found/NotFoundPage';

export function ShortLinkPage() {
  const { code = '' } = useParams();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const [missing, setMissing] = useState(false);
  useEffect(() => {
    let active = true;
    callApi('shortLink/resolve', { code }, { handles: [4004] })
      .then(({ target }) => {
        const path = sameOriginPath(target);
        if (active && path) void navigate(path, { replace: true });
        else if (active) setMissing(true);
      })
      .catch(async (error: unknown) => {
        if (!active) return;
        if (error instanceof ApiError && error.errorCode === 4004 && !getToken()) {
          const step = signedOutStep(pathname);
          if (step.kind === 'authorize') return step.leaving;
          await step.told;
          if (active) void navigate(step.loginHref, { replace: true });
          return;
        }
        setMissing(true);
      });
    return () => {
      active = false;
    };
  }, [code, pathname, navigate]);
  return missing ? <NotFoundPage /> : <PageSkeleton />;
}
