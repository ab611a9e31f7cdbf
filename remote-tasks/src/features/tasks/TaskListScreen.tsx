import { Link } from 'react-router-dom';
import styled from 'styled-components';
import {
  Button,
  PageHeader,
  PagedResults,
  SearchField,
  selectCanManage,
  useAppSelector,
} from '@duly/shared';
import { useTasksListQuery } from './api';
import { StatusFilter } from './components/StatusFilter';
import { TaskTable } from './components/TaskTable';
import { taskPaths } from './paths';
import { useTaskListParams } from './useTaskListParams';

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
 * searchable by title and sortable by title, status and due date. 'New Task' and Edit only for
 * those who may use them.
 */
export function TaskListScreen() {
  const list = useTaskListParams();
  const { status, search, sort, setStatus, setSearch, setSort } = list;
  const query = useTasksListQuery(list.params);
  // ARCHITECTURE 6: an employee cannot create or edit tasks, so neither is offered.
  const canManage = useAppSelector(selectCanManage);
  return (
    <>
      <PageHeader
        title="Tasks"
        actions={
          canManage ? (
            <Button as={Link} to={taskPaths.create}>
              New Task
            </Button>
          ) : undefined
        }
      />
      <Toolbar>
        <SearchBox>
          <SearchField label="Search by title" value={search} onSearch={setSearch} />
        </SearchBox>
        <StatusFilter value={status} onChange={setStatus} />
      </Toolbar>
      <PagedResults
        query={query}
        list={list}
        texts={{
          loading: 'Loading tasks...',
          error: 'Error loading tasks. Please try again later.',
          empty: status ? 'No tasks with this status' : 'No tasks found',
        }}
      >
        {(tasks) => (
          <TaskTable tasks={tasks} sort={sort} onSortChange={setSort} canEdit={canManage} />
        )}
      </PagedResults>
    </>
  );
}
