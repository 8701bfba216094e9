package io.kitesql.data.jdbc;

import org.springframework.data.repository.ListCrudRepository;

/** Tickets, numbered by a sequence. */
interface TicketRepository extends ListCrudRepository<Ticket, Long> {}
