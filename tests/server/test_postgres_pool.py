"""The PostgreSQL store's connection pool gives a connection back without asyncpg's reset query
(a second round trip per query, as much as the query itself under load): the store leaves no
session state on pooled connections, so there is nothing to reset."""

from __future__ import annotations

from fourchess.server.store.postgres import PostgresStore
from support.stores import asynchronous


@asynchronous
async def test_a_released_connection_is_not_reset(fresh_postgres_url):
    store = PostgresStore(fresh_postgres_url, origin="pool-test", pool_size=1)
    await store.open()
    try:
        pool = store._pool
        async with pool.acquire() as connection:
            await connection.execute("SET application_name = 'marked'")
        # the pool's one connection again: RESET ALL would have put back 'fourchess'
        assert await pool.fetchval("SHOW application_name") == "marked"
        await store.ping()
    finally:
        await store.close()
