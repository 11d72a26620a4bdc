import { useEffect, useState } from 'react'

/** Seconds left until `until` (a Date.now() timestamp), ticking every second; 0 when passed. */
export function useCountdown(until: number): number {
  const left = () => Math.max(0, Math.ceil((until - Date.now()) / 1000))
  const [seconds, setSeconds] = useState(left)
  // biome-ignore lint/correctness/useExhaustiveDependencies: `left` only reads `until`
  useEffect(() => {
    setSeconds(left())
    if (until <= Date.now()) return
    const timer = setInterval(() => {
      const s = left()
      setSeconds(s)
      if (s === 0) clearInterval(timer)
    }, 250)
    return () => clearInterval(timer)
  }, [until])
  return seconds
}
