/**
 * Spring Boot auto-configuration for counters: with counters-spring-boot-starter on the class path
 * of a Boot 3.5 or 4.x application that has Micrometer, every observation gets its CPU time and the
 * process its kernel/user split, with no code (docs/SPRING-BOOT.md).
 */
package dev.counters.spring;
