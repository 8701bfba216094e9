insert into t values (4, 'four');
