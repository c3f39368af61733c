export interface PageRequest {
  page: number;
  pageSize: number;
}

export interface Page<T> {
  items: T[];
  page: number;
  pageSize: number;
  totalPage: number;
  isFirstPage: boolean;
  isLastPage: boolean;
  hasPreviousPage: boolean;
  hasNextPage: boolean;
}

/** The contract's page envelope; an empty result is one last page with totalPage 0. */
export function toPage<T>(items: T[], total: number, { page, pageSize }: PageRequest): Page<T> {
  const totalPage = Math.ceil(total / pageSize);
  return {
    items,
    page,
    pageSize,
    totalPage,
    isFirstPage: page === 0,
    isLastPage: page >= totalPage - 1,
    hasPreviousPage: page > 0,
    hasNextPage: page < totalPage - 1,
  };
}
