/**
 * The 演示环境 badge, shown over every page while sign-in is the built-in demo provider (servicesConfig.demo). The
 * host's layout shows it, and so does a lean page (`lean-page`).
 */
import { useAtomValue } from 'jotai';
import { servicesConfigAtom, sessionStore } from './session';
import './demo-badge.css';

export function DemoBadge() {
  const demo = useAtomValue(servicesConfigAtom, { store: sessionStore })?.demo ?? false;
  if (!demo) return null;
  return (
    <div className="app-demo-badge" role="note" aria-label="演示环境">
      演示环境
    </div>
  );
}
