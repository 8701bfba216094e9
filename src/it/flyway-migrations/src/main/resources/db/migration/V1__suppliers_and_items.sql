create table suppliers (
  id int primary key,
  name varchar(100) not null
);
create table items (
  id int primary key,
  supplier_id int not null,
  name varchar(100) not null,
  quantity int not null
);
insert into suppliers values (1, 'Kite Works'), (2, 'Line & Spool');
insert into items values
  (1, 1, 'delta kite', 4),
  (2, 1, 'box kite', 0),
  (3, 2, 'flying line', 12),
  (4, 2, 'spool', 0);
