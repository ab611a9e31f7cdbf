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
import { useCertificatesListQuery } from './api';
import { CertificateTable } from './components/CertificateTable';
import { ListFilters } from './components/ListFilters';
import { certificatePaths } from './paths';
import { useCertificateListParams } from './useCertificateListParams';

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

  ${({ theme }) => theme.media.narrow} {
    width: 100%;
  }
`;

/**
 * /certificates: the organisation's certificates (an employee's own), a page at a time,
 * filterable by status and by how soon they expire, searchable by name and sortable by name,
 * status and expiry date. 'New Certificate' and Edit only for those who may use them.
 */
export function CertificateListScreen() {
  const list = useCertificateListParams();
  const { status, expiringWithinDays, search, sort } = list;
  const query = useCertificatesListQuery(list.params);
  const canManage = useAppSelector(selectCanManage);
  const filtered = Boolean(status || expiringWithinDays || search);
  return (
    <>
      <PageHeader
        title="Certificates"
        actions={
          canManage ? (
            <Button as={Link} to={certificatePaths.create}>
              New Certificate
            </Button>
          ) : undefined
        }
      />
      <Toolbar>
        <SearchBox>
          <SearchField label="Search by name" value={search} onSearch={list.setSearch} />
        </SearchBox>
        <ListFilters
          status={status}
          onStatusChange={list.setStatus}
          expiringWithinDays={expiringWithinDays}
          onExpiringWithinDaysChange={list.setExpiringWithinDays}
        />
      </Toolbar>
      <PagedResults
        query={query}
        list={list}
        texts={{
          loading: 'Loading certificates...',
          error: 'Error loading certificates. Please try again later.',
          empty: filtered ? 'No certificates match these filters' : 'No certificates found',
        }}
      >
        {(certificates) => (
          <CertificateTable
            certificates={certificates}
            sort={sort}
            onSortChange={list.setSort}
            canEdit={canManage}
          />
        )}
      </PagedResults>
    </>
  );
}
