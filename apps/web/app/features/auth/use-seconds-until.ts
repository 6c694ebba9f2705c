import { useEffect, useState } from "react";

/** Whole seconds from now until `at` (epoch ms), counting down once a second; 0 when past. */
export function useSecondsUntil(at: number | undefined): number {
  const [now, setNow] = useState(() => Date.now());
  const remaining = at ? Math.max(0, Math.ceil((at - now) / 1000)) : 0;
  useEffect(() => {
    setNow(Date.now());
    if (!at || at <= Date.now()) return;
    const timer = setInterval(() => {
      const current = Date.now();
      setNow(current);
      if (current >= at) clearInterval(timer);
    }, 1000);
    return () => clearInterval(timer);
  }, [at]);
  return remaining;
}
