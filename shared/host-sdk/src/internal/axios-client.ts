/**
 * The one axios instance of the app, behind `api-client.ts`. It is loaded when the first call that the page's early
 * calls did not answer is made, not with the start-up: a first screen drawn from early answers never waits for axios
 * (docs/architecture.md, "One fast first load"). Tests set its adapter to answer the API (`testing.tsx`).
 */
import axios from 'axios';
import { API_BASE } from './early-calls-slot';
import { getToken } from '../session';

export const axiosClient = axios.create({
  baseURL: API_BASE,
  headers: { 'Content-Type': 'application/json' },
});

axiosClient.interceptors.request.use((config) => {
  const token = getToken();
  if (token) config.headers.set('Authorization', `Bearer ${token}`);
  config.headers.set('X-Request-Page-Url', encodeURI(window.location.href));
  return config;
});
