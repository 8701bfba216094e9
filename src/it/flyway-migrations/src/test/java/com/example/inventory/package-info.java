/** The inventory started and stopped on one directory while its migrations grow. */
package com.example.inventory;
