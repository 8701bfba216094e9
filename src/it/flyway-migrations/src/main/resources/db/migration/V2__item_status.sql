-- Every existing and future item gets a status; the ones out of stock are backfilled.
alter table items add column status varchar(20) default 'in_stock';
create index items_status_idx on items (status);
update items set status = 'sold_out' where quantity = 0;
