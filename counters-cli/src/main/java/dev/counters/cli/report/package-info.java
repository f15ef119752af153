/**
 * How the {@code counters} commands write what they found: text tables for people, JSON and CSV
 * for programs, and charts as SVG or PNG files.
 */
package dev.counters.cli.report;
