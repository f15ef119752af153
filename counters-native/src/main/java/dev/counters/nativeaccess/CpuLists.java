package dev.counters.nativeaccess;

/** CPU numbers in the CPU-list notation of Linux's {@code Cpus_allowed_list} and {@code taskset}: {@code "0-3,6"}. */
public final class CpuLists {
    private CpuLists() {}

    /** {@code cpus}, ascending, as ranges: {@code {0, 1, 2, 3, 6}} is {@code "0-3,6"}; none is {@code ""}. */
    public static String format(int[] cpus) {
        StringBuilder text = new StringBuilder();
        for (int i = 0; i < cpus.length; i++) {
            int first = cpus[i];
            while (i + 1 < cpus.length && cpus[i + 1] == cpus[i] + 1) {
                i++;
            }
            text.append(text.length() == 0 ? "" : ",").append(first).append(cpus[i] == first ? "" : "-" + cpus[i]);
        }
        return text.toString();
    }
}
