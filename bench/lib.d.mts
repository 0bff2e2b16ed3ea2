import type { ChildProcess } from 'node:child_process';

export const root: string;
export function ensureBuilt(): void;
export function startServer(
  env: Record<string, string>,
  options: { port: number },
): Promise<{ child: ChildProcess; readyMs: number }>;
export function stopServer(child: ChildProcess): Promise<void>;
export function rssMb(pid: number): number;
export function percentile(values: number[], p: number): number;
export function median(values: number[]): number;
export function fmt(n: number, digits?: number): string;
export function mailedCode(mailDir: string, email: string): Promise<string>;
export function concurrently(
  n: number,
  clients: number,
  run: (i: number) => Promise<unknown>,
): Promise<{ times: number[]; secs: number }>;
export function httpCall(
  url: string,
  init?: { method?: string; headers?: Record<string, string>; body?: string },
): Promise<{ status: number; body: string }>;
