/** The inventory started and stopped on one directory while its changelog grows. */
package com.example.inventory;
