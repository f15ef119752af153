package dev.counters.measure;

import java.io.ByteArrayInputStream;
import java.io.DataInputStream;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;

/**
 * What a class file says of its class without loading it: its name, access flags, super class,
 * interfaces and whether it has a public constructor without arguments. {@link TaskScan} reads it to
 * find task classes in a package of a class path, so that finding them runs none of their static
 * initialisers and links none of the classes they use.
 */
final class ClassFileHeader {
    static final int ACC_PUBLIC = 0x0001;
    static final int ACC_INTERFACE = 0x0200;
    static final int ACC_ABSTRACT = 0x0400;
    private static final int MAGIC = 0xCAFEBABE;

    /** Internal names, with slashes: {@code com/example/Parser}. */
    private final String name;
    private final String superName;
    private final List<String> interfaces;
    private final int access;
    private final boolean publicNoArgConstructor;

    private ClassFileHeader(String name, String superName, List<String> interfaces, int access,
            boolean publicNoArgConstructor) {
        this.name = name;
        this.superName = superName;
        this.interfaces = List.copyOf(interfaces);
        this.access = access;
        this.publicNoArgConstructor = publicNoArgConstructor;
    }

    /**
     * Reads the header of a class file.
     *
     * @throws IOException if {@code bytes} are not a class file ({@code where} names it in the message)
     */
    static ClassFileHeader read(byte[] bytes, String where) throws IOException {
        DataInputStream in = new DataInputStream(new ByteArrayInputStream(bytes));
        if (in.readInt() != MAGIC) {
            throw new IOException(where + " is not a class file (no 0xCAFEBABE at its start)");
        }
        in.readUnsignedShort();
        in.readUnsignedShort();
        Object[] pool = readConstantPool(in, where);
        int access = in.readUnsignedShort();
        String name = className(pool, in.readUnsignedShort());
        int superIndex = in.readUnsignedShort();
        String superName = superIndex == 0 ? null : className(pool, superIndex);
        List<String> interfaces = new ArrayList<>();
        for (int i = in.readUnsignedShort(); i > 0; i--) {
            interfaces.add(className(pool, in.readUnsignedShort()));
        }
        skipMembers(in, pool, false);
        boolean constructor = skipMembers(in, pool, true);
        return new ClassFileHeader(name, superName, interfaces, access, constructor);
    }

    /** The constant pool: a String at each Utf8 entry, an Integer (the name's index) at each Class entry. */
    private static Object[] readConstantPool(DataInputStream in, String where) throws IOException {
        Object[] pool = new Object[in.readUnsignedShort()];
        for (int i = 1; i < pool.length; i++) {
            int tag = in.readUnsignedByte();
            switch (tag) {
                case 1 -> pool[i] = in.readUTF();
                case 7 -> pool[i] = in.readUnsignedShort();
                case 8, 16, 19, 20 -> in.skipBytes(2);
                case 15 -> in.skipBytes(3);
                case 3, 4, 9, 10, 11, 12, 17, 18 -> in.skipBytes(4);
                case 5, 6 -> {
                    in.skipBytes(8);
                    i++;
                }
                default -> throw new IOException(where + " has an unknown constant pool tag " + tag + " at entry " + i);
            }
        }
        return pool;
    }

    private static String className(Object[] pool, int index) {
        return (String) pool[(Integer) pool[index]];
    }

    /**
     * Skips the fields or methods; for the methods, says whether one is a public {@code <init>()V}.
     */
    private static boolean skipMembers(DataInputStream in, Object[] pool, boolean methods) throws IOException {
        boolean found = false;
        for (int i = in.readUnsignedShort(); i > 0; i--) {
            int access = in.readUnsignedShort();
            String memberName = (String) pool[in.readUnsignedShort()];
            String descriptor = (String) pool[in.readUnsignedShort()];
            found |= methods && (access & ACC_PUBLIC) != 0 && memberName.equals("<init>") && descriptor.equals("()V");
            for (int a = in.readUnsignedShort(); a > 0; a--) {
                in.readUnsignedShort();
                in.skipBytes(in.readInt());
            }
        }
        return found;
    }

    /** The binary name, with dots: {@code com.example.Parser}. */
    String className() {
        return name.replace('/', '.');
    }

    String internalName() {
        return name;
    }

    /** The super class's internal name; null for {@code java/lang/Object} and modules. */
    String superName() {
        return superName;
    }

    List<String> interfaces() {
        return interfaces;
    }

    /** Public, neither interface nor abstract, and makeable with a public constructor without arguments. */
    boolean isPublicConcreteWithNoArgConstructor() {
        return (access & ACC_PUBLIC) != 0 && (access & (ACC_INTERFACE | ACC_ABSTRACT)) == 0 && publicNoArgConstructor;
    }
}
