import { Link } from 'react-router-dom';
import styled from 'styled-components';
import {
  Button,
  EmptyState,
  ErrorState,
  LoadingState,
  PageHeader,
  Pagination,
  SearchField,
} from '@duly/shared';
import { useTasksListQuery } from './api';
import { StatusFilter } from './components/StatusFilter';
import { TaskTable } from './components/TaskTable';
import { taskPaths } from './paths';
import { TASKS_PAGE_SIZE, useTaskListParams } from './useTaskListParams';

/** While another page or filter loads, the current rows stay visible, dimmed (CONVENTIONS 5). */
const Results = styled.div<{ $stale: boolean }>`
  opacity: ${({ $stale }) => ($stale ? 0.55 : 1)};
  transition: opacity ${({ theme }) => theme.transitions.normal};
`;

const Toolbar = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: flex-end;
  gap: ${({ theme }) => theme.space(2)};
  margin-bottom: ${({ theme }) => theme.space(2)};
`;

const SearchBox = styled.div`
  width: 280px;
  max-width: 100%;
`;

/**
 * /tasks: the organisation's tasks (an employee's own), a page at a time, filterable by status,
 * searchable by title and sortable by title, status and due date.
 */
export function TaskListScreen() {
  const { page, status, search, sort, params, setPage, setStatus, setSearch, setSort } =
    useTaskListParams();
  const { data, isError, isFetching } = useTasksListQuery(params);

  let content;
  if (isError) {
    content = <ErrorState>Error loading tasks. Please try again later.</ErrorState>;
  } else if (!data) {
    content = <LoadingState>Loading tasks...</LoadingState>;
  } else {
    const pagination = (
      <Pagination
        page={page}
        pageSize={TASKS_PAGE_SIZE}
        total={data.total}
        onPageChange={setPage}
      />
    );
    content = (
      <Results $stale={isFetching} aria-busy={isFetching}>
        {data.items.length === 0 ? (
          <EmptyState>{status ? 'No tasks with this status' : 'No tasks found'}</EmptyState>
        ) : (
          <TaskTable tasks={data.items} sort={sort} onSortChange={setSort} />
        )}
        {pagination}
      </Results>
    );
  }

  return (
    <>
      <PageHeader
        title="Tasks"
        actions={
          <Button as={Link} to={taskPaths.create}>
            New Task
          </Button>
        }
      />
      <Toolbar>
        <SearchBox>
          <SearchField label="Search by title" value={search} onSearch={setSearch} />
        </SearchBox>
        <StatusFilter value={status} onChange={setStatus} />
      </Toolbar>
      {content}
    </>
  );
}
