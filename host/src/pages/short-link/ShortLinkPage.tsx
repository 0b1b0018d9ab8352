/** `/t/{code}`: asks the server where a short link points and replaces the address with it; unknown → not-found. */
import { useEffect, useState } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { sameOriginPath } from '@app/domain/return-path';
import { callApi } from '@app/host-sdk/api-client';
import { PageSkeleton } from '../../layout/PageSkeleton';
import { NotFoundPage } from '../not-found/NotFoundPage';

export function ShortLinkPage() {
  const { code = '' } = useParams();
  const navigate = useNavigate();
  const [missing, setMissing] = useState(false);
  useEffect(() => {
    let active = true;
    callApi('shortLink/resolve', { code })
      .then(({ target }) => {
        const path = sameOriginPath(target);
        if (active && path) void navigate(path, { replace: true });
        else if (active) setMissing(true);
      })
      .catch(() => active && setMissing(true));
    return () => {
      active = false;
    };
  }, [code, navigate]);
  return missing ? <NotFoundPage /> : <PageSkeleton />;
}
