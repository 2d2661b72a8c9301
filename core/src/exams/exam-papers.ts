// Pure rules of a post's exam (spec §3 Paper configuration): its papers are ordered 1..n, and a
// new order must name each paper exactly once so that nothing saved is lost or duplicated.

/** The order a new paper takes: after the last, or null when the exam is full. */
export function nextPaperOrder(existingOrders: readonly number[], maxPapers: number): number | null {
  if (existingOrders.length >= maxPapers) return null;
  return existingOrders.reduce((last, order) => Math.max(last, order), 0) + 1;
}

/** True when `requested` lists exactly the exam's papers, each once. */
export function isCompleteReorder(existingIds: readonly number[], requested: readonly number[]): boolean {
  if (existingIds.length !== requested.length) return false;
  const wanted = new Set(requested);
  return wanted.size === requested.length && existingIds.every((id) => wanted.has(id));
}

/** Total of the full marks of an exam's papers, shown beside the ordered list. */
export function totalFullMarks(papers: readonly { fullMarks: number }[]): number {
  return papers.reduce((total, paper) => total + paper.fullMarks, 0);
}
